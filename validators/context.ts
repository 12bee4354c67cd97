import type { Finding } from './finding.ts';

/** Which side sent a message. */
export type Direction = 'client_to_server' | 'server_to_client';

/** The other direction: where the answer to a request sent in a direction travels. */
export const OPPOSITE: Readonly<Record<Direction, Direction>> = { client_to_server: 'server_to_client', server_to_client: 'client_to_server' };

/** Who sends in a direction, as messages name it. */
export const SENDER: Readonly<Record<Direction, string>> = { client_to_server: 'the client', server_to_client: 'the server' };

/** A plain JSON object. */
export type JsonObject = { readonly [key: string]: unknown };

/** Size limits of a profile; `null` fields mean the specification sets no limit. */
export interface ProfileLimits {
  /** UTF-8 bytes of one content item (text, or decoded blob). */
  readonly itemBytes: number | null;
  /** UTF-8 bytes of all of a resources/read result's contents together. */
  readonly readBytes: number | null;
  /** Content items in one result. */
  readonly contentItems: number | null;
  /** Items in one list page. */
  readonly listItems: number | null;
  /** Characters of a pagination cursor. */
  readonly cursorLength: number | null;
}

/** What a validator needs to know about the profile in force. */
export interface Profile {
  /** `course`, `2025-11-25`, `2025-06-18` or `2026-07-28`. */
  readonly id: string;
  /** The human name printed in reports, e.g. `offline-mcp-teaching-profile-v2`. */
  readonly name: string;
  readonly protocolVersion: string;
  /** The specification revision whose methods and shapes apply. */
  readonly revision: '2025-06-18' | '2025-11-25' | '2026-07-28';
  /** Exact keys, absolute URIs, canonical base64 and the other tightened rules. */
  readonly strict: boolean;
  /** No initialize handshake and no session: each request carries its own version and capabilities. */
  readonly stateless: boolean;
  readonly limits: ProfileLimits;
}

/** The read-only view of the session that family validators may consult. */
export interface ValidationContext {
  readonly profile: Profile;
  /** Tool descriptors the server offers, by name. */
  readonly tools: ReadonlyMap<string, JsonObject>;
  /**
   * The session's judge of tools/call traffic against the tool it names (machines/tool-calls.ts):
   * the findings that the tool's descriptor, or its absence, raises. Without it, no call is judged
   * against a tool.
   */
  readonly toolCalls?: ToolCallJudge;
}

/** What judges a tools/call against the tool catalogue; `at` is the params' or the result's JSON Pointer. */
export interface ToolCallJudge {
  /** The findings the tool named by `params` (whose name is a string) raises against them. */
  call(params: JsonObject, at: string): readonly Finding[];
  /** The findings the tool a call named raises against its (not task-augmented) result. */
  result(requestParams: unknown, result: JsonObject, at: string): readonly Finding[];
}

/** Validates a request's or notification's params (`undefined` when absent); `at` is its JSON Pointer. */
export type ParamsValidator = (params: unknown, at: string, ctx: ValidationContext) => readonly Finding[];

/** Validates a successful result against the request it answers (`requestParams` may be `undefined`). */
export type ResultValidator = (
  result: unknown,
  at: string,
  requestParams: unknown,
  ctx: ValidationContext,
) => readonly Finding[];

/** The validators of one method. */
export interface MethodValidators {
  readonly params?: ParamsValidator;
  readonly result?: ResultValidator;
}
