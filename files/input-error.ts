/** A problem that stops a run before anything can be judged (exit code 2); never carries a local path. */
export class InputError extends Error {
  readonly rule: string;
  readonly pointer: string;

  constructor(rule: string, pointer: string, message: string) {
    super(message);
    this.name = 'InputError';
    this.rule = rule;
    this.pointer = pointer;
  }
}
