/** What a machine emits when a transition rejects a message: the rule and a sentence. */
export interface IssueEvent {
  readonly type: 'issue';
  readonly rule: string;
  readonly message: string;
  /** JSON Pointer into the step; defaults to `/message`. */
  readonly pointer?: string;
}
