// Why: our valibot shapes and the official JSON Schema of each revision should say the same about
// every message our fixtures send. Each wire message (setup handshakes included) is judged by
// ajv with the definition the schema gives it (a request or notification by its method, a result
// by the method of the request it answers, an error by its code) and by our validators, keeping
// only our shape rules (support/rule-kinds.ts). Spec-profile fixtures, and the course fixtures
// replayed under the 2025-11-25 profile, must agree except for the messages listed below with the
// reason; the course profile itself may be stricter than the schema (by design) and is looser only
// where its reference reads less than the schema types (COURSE_LOOSER, each with its reason).
// Every list is checked both ways: an unlisted disagreement fails, and so does a listed entry that
// now agrees or names no message.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fixture } from '../../runner/fixture-schema.ts';
import { parseFixture } from '../../runner/load-fixture.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { fixtureFiles } from '../../scripts/fixture-files.ts';
import type { Profile } from '../../validators/context.ts';
import { methodTable } from '../../validators/methods.ts';
import { profileForVersion } from '../../validators/profiles.ts';
import { RULES } from '../../validators/rules/index.ts';
import { playCase } from './support/fixture-messages.ts';
import { officialSchema, REVISIONS, schemaPath, schemasPresent, type Revision } from './support/official-schema.ts';
import { ruleKind, staleOverrides } from './support/rule-kinds.ts';
import { schemaVerdict } from './support/schema-verdict.ts';
import { WHY } from './support/disagreement-reasons.ts';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

/** Messages we reject and the official schema accepts, by `<file>#<case>/<steps|setup>/<i>`. */
const OURS_STRICTER: Readonly<Record<string, string>> = {
  'spec-2026-07-28/results.json#s26_tool_x_mcp_header_on_number/steps/1': 'x-mcp-header\'s constraints (a primitive property, a token, unique) are prose MUSTs of the tools page; the schema leaves inputSchema open',
  'spec-2025-11-25/course-contrasts.json#spec_tools_call_argument_breaks_const/steps/2': 'arguments are held to the listed tool\'s inputSchema (JSON Schema), which the message schema alone cannot see',
  'spec-2025-11-25/course-contrasts.json#spec_roots_file_without_slashes/steps/1': WHY.fileRoot,
  'spec-2025-06-18/completion.json#r0618_completion_101_values/steps/1': WHY.maxValues,
  'spec-2025-06-18/revision.json#r0618_tools_call_task_without_capability/steps/0': WHY.task0618,
  'spec-2025-06-18/revision.json#r0618_tools_call_task/steps/0': WHY.task0618,
  'spec-2025-06-18/revision.json#r0618_sampling_tools_without_capability/steps/0': WHY.samplingTools0618,
  'spec-2025-06-18/revision.json#r0618_sampling_tools/steps/0': WHY.samplingTools0618,
  'spec-2025-06-18/revision.json#r0618_elicitation_titled_enum/steps/0': WHY.titledEnum0618,
  'spec-2025-06-18/revision.json#r0618_elicitation_accept_above_maximum/steps/1': WHY.formContent,
  'spec-2025-11-25/completion.json#spec_completion_101_values/steps/1': WHY.maxValues,
  'spec-2025-11-25/tasks.json#spec_tasks_cancel_input_required_result_wrong/steps/4': WHY.cancelStatus,
  'spec-2025-11-25/tasks.json#spec_tasks_cancel_result_still_working/steps/3': WHY.cancelStatus,
  'spec-2025-11-25/tasks.json#spec_tasks_get_describes_other_task/steps/3': WHY.taskOfRequest,
  'spec-2025-11-25/tasks.json#spec_tasks_result_without_related_task/steps/3': WHY.taskOfRequest,
  'spec-2025-11-25/tasks.json#spec_tasks_result_names_other_task/steps/3': WHY.taskOfRequest,
  'spec-2025-11-25/tasks.json#spec_tasks_result_not_the_tool_result/steps/3': WHY.payloadType,
  'spec-2025-11-25/tasks.json#spec_tasks_overtaken_create_result_checked/steps/4': WHY.payloadType,
  'spec-2025-11-25/tasks.json#spec_tasks_related_task_without_id/steps/2': WHY.relatedTask,
  'spec-2025-11-25/utilities.json#spec_cancel_without_request_id/steps/1': WHY.cancelRequestId,
  'spec-2026-07-28/errors.json#s26_missing_capability_already_declared/steps/1': WHY.errorOfRequest,
  'spec-2026-07-28/errors.json#s26_unsupported_version_wrong_requested/steps/1': WHY.errorOfRequest,
  'spec-2026-07-28/input-required.json#s26_retry_elicitation_answer_checked/steps/2': WHY.formContent,
  'spec-2026-07-28/input-required.json#s26_retry_wrong_result_shape/steps/2': WHY.inputResponse,
  'spec-2026-07-28/input-required.json#s26_retry_roots_answer_checked/steps/2': WHY.fileRoot,
  'spec-2026-07-28/listen.json#s26_ack_without_subscription_id/steps/1': WHY.ackMeta,
  'spec-2026-07-28/listen.json#s26_listen_result_wrong_subscription/steps/2': WHY.listenId,
  'spec-2026-07-28/listen.json#s26_listen_result_wrong_subscription_before_ack/steps/1': WHY.listenId,
  'spec-2026-07-28/listen.json#s26_listen_result_wrong_subscription_after_cancel/steps/3': WHY.listenId,
  'spec-2026-07-28/results.json#s26_result_type_unknown/steps/1': WHY.resultType,
  'spec-2026-07-28/results.json#s26_complete_result_checked_by_family/steps/1': WHY.callToolBranch,
  'spec-2026-07-28/results.json#s26_input_required_empty/steps/1': WHY.inputRequiredEmpty,
  // The course fixtures, replayed under the 2025-11-25 specification profile.
  'course-profile/client-features.json#roots_https_root/steps/1': WHY.fileRoot,
  'course-profile/reference-edges.json#edge_root_file_single_slash/steps/1': WHY.fileRoot,
  'course-profile/reference-edges.json#edge_url_elicitation_brackets_in_query/steps/0': WHY.format,
  'course-profile/reference-edges.json#edge_cancelled_params_empty/steps/0': WHY.cancelRequestId,
  'course-profile/client-features.json#roots_file_uri_without_slashes/steps/1': WHY.fileRoot,
  'course-profile/correlation.json#corr_malformed_roots_result_then_valid_result/steps/1': WHY.fileRoot,
  'course-profile/client-features.json#sampling_zero_max_tokens/steps/0': `${WHY.ownRule}: maxTokens is a positive integer (the schema: any integer)`,
  'course-profile/client-features.json#sampling_no_messages/steps/0': `${WHY.ownRule}: at least one message to sample from (the schema: any array)`,
  'course-profile/client-features.json#sampling_tool_use_in_user_message/steps/0': WHY.samplingRoles,
  'course-profile/client-features.json#sampling_tool_result_in_assistant_message/steps/0': WHY.samplingRoles,
  'course-profile/client-features.json#sampling_tool_result_mixed_with_text/steps/0': WHY.samplingRoles,
  'course-profile/client-features.json#sampling_tool_result_unmatched/steps/0': WHY.samplingRoles,
  'course-profile/client-features.json#elicit_required_field_undeclared/steps/0': `${WHY.ownRule}: a required field must be one of the declared properties (JSON Schema allows undeclared names in required)`,
  'course-profile/client-features.json#elicit_password_field/steps/0': WHY.secret,
  'course-profile/client-features.json#elicit_token_field/steps/0': WHY.secret,
  'course-profile/experiments.json#exp07_form_requests_api_key/steps/0': WHY.secret,
  'course-profile/client-features.json#elicit_url_not_absolute/steps/0': WHY.format,
  'course-profile/client-features.json#elicit_url_accept_with_content/steps/1': WHY.unexpectedContent,
  'course-profile/content.json#content_image_bad_base64/steps/1': WHY.format,
  'course-profile/resources.json#res_read_base64_with_whitespace/steps/1': WHY.format,
  'course-profile/content.json#content_embedded_resource_text_and_blob/steps/1': WHY.textAndBlob,
  'course-profile/resources.json#res_read_text_and_blob_in_one_item/steps/1': WHY.textAndBlob,
  'course-profile/envelope.json#envelope_unknown_top_level_member/steps/0': WHY.jsonRpcMembers,
  'course-profile/envelope.json#envelope_method_with_result/steps/0': WHY.jsonRpcMembers,
  'course-profile/envelope.json#envelope_error_with_extra_member/steps/1': WHY.jsonRpcMembers,
  'course-profile/tools.json#toolschema_unknown_type_name/steps/1': WHY.jsonSchemaMeta,
  'course-profile/resources.json#res_descriptor_negative_size/steps/1': `${WHY.ownRule}: a size in bytes is non-negative (the schema: any integer)`,
  'course-profile/tasks.json#tasks_list_duplicate_task_id/steps/1': WHY.unique,
  'course-profile/tasks.json#tasks_date_only_timestamp/steps/1': 'createdAt is an "ISO 8601 timestamp" by its description; the schema types it as any string',
  'course-profile/tasks.json#tasks_zero_poll_interval/steps/1': `${WHY.ownRule}: pollInterval is a positive integer (the schema: any integer)`,
  'course-profile/tasks.json#tasks_empty_task_id/steps/1': `${WHY.ownRule}: a task id is non-empty (the schema: any string)`,
  'course-profile/tasks.json#tasks_metadata_negative_ttl/steps/0': `${WHY.ownRule}: ttl in milliseconds is non-negative (the schema: any integer)`,
  // The course reference's behaviours (one case each) and the cases the course profile judges otherwise, under 2025-11-25.
  'course-profile/reference-behaviours.json#fid_env_request_extra_member/steps/0': WHY.jsonRpcMembers,
  'course-profile/reference-behaviours.json#fid_env_notification_extra_member/steps/0': WHY.jsonRpcMembers,
  'course-profile/reference-behaviours.json#fid_env_response_extra_member/steps/1': WHY.jsonRpcMembers,
  'course-profile/reference-behaviours.json#fid_env_method_with_error/steps/0': WHY.jsonRpcMembers,
  'course-profile/reference-behaviours.json#fid_env_method_with_result/steps/0': WHY.jsonRpcMembers,
  'course-profile/reference-behaviours.json#fid_env_error_extra_member/steps/1': WHY.jsonRpcMembers,
  'course-profile/reference-behaviours.json#fid_tool_task_ttl_negative/steps/0': `${WHY.ownRule}: ttl in milliseconds is non-negative (the schema: any integer)`,
  'course-profile/reference-behaviours.json#fid_tool_task_result_zero_poll/steps/1': `${WHY.ownRule}: pollInterval is a positive integer (the schema: any integer)`,
  'course-profile/reference-behaviours.json#fid_tool_task_result_negative_poll/steps/1': `${WHY.ownRule}: pollInterval is a positive integer (the schema: any integer)`,
  'course-profile/reference-behaviours.json#fid_tool_task_result_empty_id/steps/1': `${WHY.ownRule}: a task id is non-empty (the schema: any string)`,
  'course-profile/reference-behaviours.json#fid_tool_task_result_empty_created/steps/1': 'createdAt is an "ISO 8601 timestamp" by its description; the schema types it as any string',
  'course-profile/reference-behaviours.json#fid_tool_task_result_free_timestamp/steps/1': 'createdAt is an "ISO 8601 timestamp" by its description; the schema types it as any string',
  'course-profile/reference-behaviours.json#fid_tool_task_result_negative_ttl/steps/1': `${WHY.ownRule}: ttl in milliseconds is non-negative (the schema: any integer)`,
  'course-profile/reference-behaviours.json#fid_tasks_list/steps/1': `${WHY.ownRule}: pollInterval is a positive integer (the schema: any integer)`,
  'course-profile/reference-behaviours.json#fid_tasks_list_duplicate_ids/steps/1': WHY.unique,
  'course-profile/reference-behaviours.json#fid_res_list_size_negative/steps/1': `${WHY.ownRule}: a size in bytes is non-negative (the schema: any integer)`,
  'course-profile/reference-behaviours.json#fid_res_read_text_and_blob/steps/1': WHY.textAndBlob,
  'course-profile/reference-behaviours.json#fid_res_read_blob_unpadded/steps/1': WHY.format,
  'course-profile/reference-behaviours.json#fid_res_read_blob_invalid/steps/1': WHY.format,
  'course-profile/reference-behaviours.json#fid_roots_https_root/steps/1': WHY.fileRoot,
  'course-profile/reference-behaviours.json#fid_roots_file_no_location/steps/1': WHY.fileRoot,
  'course-profile/reference-behaviours.json#fid_roots_file_without_slashes/steps/1': WHY.fileRoot,
  'course-profile/reference-behaviours.json#fid_sampling_no_messages/steps/0': `${WHY.ownRule}: at least one message to sample from (the schema: any array)`,
  'course-profile/reference-behaviours.json#fid_sampling_zero_tokens/steps/0': `${WHY.ownRule}: maxTokens is a positive integer (the schema: any integer)`,
  'course-profile/reference-behaviours.json#fid_elicit_form_required_unknown/steps/0': `${WHY.ownRule}: a required field must be one of the declared properties (JSON Schema allows undeclared names in required)`,
  'course-profile/reference-behaviours.json#fid_elicit_secret_password/steps/0': WHY.secret,
  'course-profile/reference-behaviours.json#fid_elicit_secret_api_key_hyphen/steps/0': WHY.secret,
  'course-profile/reference-behaviours.json#fid_elicit_secret_token/steps/0': WHY.secret,
  'course-profile/reference-behaviours.json#fid_elicit_not_secret_passphrase_hint/steps/0': WHY.secret,
  'course-profile/reference-behaviours.json#fid_elicit_accept_missing_field/steps/1': WHY.formContent,
  'course-profile/reference-behaviours.json#fid_elicit_decline_with_content/steps/1': WHY.unexpectedContent,
  'course-profile/reference-behaviours.json#fid_elicit_url_accept_with_content/steps/1': WHY.unexpectedContent,
  'course-profile/reference-behaviours.json#fid_schema_array_min_negative/steps/1': WHY.jsonSchemaMeta,
  'course-profile/reference-behaviours.json#fid_schema_array_min_fraction/steps/1': WHY.jsonSchemaMeta,
  'course-profile/reference-behaviours.json#fid_schema_number_min_string/steps/1': WHY.jsonSchemaMeta,
  'course-profile/reference-behaviours.json#fid_schema_enum_empty/steps/1': WHY.jsonSchemaMeta,
  'course-profile/reference-behaviours.json#fid_schema_required_duplicate/steps/1': WHY.jsonSchemaMeta,
  'spec-2025-11-25/course-contrasts.json#spec_elicit_token_field/steps/0': WHY.secret,
  'spec-2025-11-25/course-contrasts.json#elicit_decline_with_content/steps/1': WHY.unexpectedContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_missing_required/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_without_content/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_wrong_type/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_enum_violation/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_above_maximum/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_too_short/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_bad_email/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#elicit_accept_too_many_items/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#ext_listed_integer_bound_not_a_number/steps/1': WHY.jsonSchemaMeta,
  'spec-2025-11-25/course-contrasts.json#ext_form_response_outside_schema/steps/1': WHY.formContent,
  'spec-2025-11-25/course-contrasts.json#spec_tasks_list_duplicate_task_id/steps/1': WHY.unique,
  'spec-2025-11-25/course-contrasts.json#spec_elicit_accept_unknown_field_closed_schema/steps/1': WHY.formContent,
};

/** Messages the official schema rejects and we accept. */
const SCHEMA_STRICTER: Readonly<Record<string, string>> = {
  'spec-2025-11-25/content.json#spec_elicitation_every_field_kind/steps/1': WHY.elicitNumber,
};

/** Course-fixture messages the schema rejects and the course profile accepts (it may be stricter, never looser). */
const COURSE_LOOSER: Readonly<Record<string, string>> = {
  // The course's reference reads every answer to sampling/createMessage and elicitation/create as
  // a plain result, task-augmented or not; its exact sampling result refuses a task member, so
  // reading the answer as the schema's CreateTaskResult too left no sampling answer acceptable.
  'course-profile/reference-behaviours.json#fid_sampling_task_answered_plainly/steps/1': 'the course reads a plain sampling result as the answer to a task-augmented request, as its reference does',
  'course-profile/reference-behaviours.json#fid_elicit_task_answered_plainly/steps/1': 'the course reads a plain elicitation result as the answer to a task-augmented request, as its reference does',
  // The course's reference is the profile's ground truth where it reads less than the schema types:
  // capability members at the handshake, notification params, structuredContent on an error.
  'course-profile/lifecycle.json#lifecycle_client_capabilities_flag_not_boolean/steps/0': 'the course reads client capability members only where a feature is used, as its reference does',
  'course-profile/reference-behaviours.json#fid_life_client_capability_wrong_type/steps/0': 'the course reads client capability members only where a feature is used, as its reference does',
  'course-profile/reference-behaviours.json#fid_life_result_tools_list_changed_string/steps/0': 'of the server capabilities the course examines only resources, as its reference does',
  'course-profile/reference-behaviours.json#fid_tool_result_error_with_bad_structured/steps/1': 'the course reads structuredContent only on success, against the outputSchema, as its reference does',
  'course-profile/reference-behaviours.json#fid_elicit_complete_id_number/steps/0': 'the course wants exactly an elicitationId and reads no type, as its reference does',
  'course-profile/reference-behaviours.json#fid_progress_empty_params/steps/0': 'the course wants progress params to be an object and reads no member, as its reference does',
  'course-profile/reference-behaviours.json#fid_cancel_bad_request_id/steps/0': 'the course wants cancelled params to be an object and reads no member, as its reference does',
  'course-profile/reference-behaviours.json#fid_task_status_empty/steps/0': 'the course wants tasks/status params to be an object and reads no member, as its reference does',
  'course-profile/reference-behaviours.json#fid_tools_list_changed_meta_not_object/steps/0': 'the course does not examine tools/list_changed params, as its reference does not',
  'course-profile/reference-edges.json#edge_max_tokens_of_hundreds_of_digits/steps/0': 'the course reads integers exactly, as its reference does: maxTokens of 401 digits is a positive integer (the schema validator reads it as a double, Infinity)',
  'course-profile/reference-edges.json#edge_form_declined_with_content/steps/1': 'the course reads an elicitation answer\'s content only when a form is accepted, as its reference does',
  'course-profile/reference-edges.json#edge_form_cancelled_with_content_array/steps/1': 'the course reads an elicitation answer\'s content only when a form is accepted, as its reference does',
  'course-profile/reference-edges.json#edge_client_capability_member_array/setup/0': 'the course reads client capability members only where a feature is used, as its reference does',
  'course-profile/reference-edges.json#edge_server_capability_logging_string/setup/1': 'of the server capabilities the course examines only resources, as its reference does',
  'course-profile/reference-edges.json#edge_progress_params_token_boolean/steps/0': 'the course wants progress params to be an object and reads no member, as its reference does',
  'course-profile/reference-edges.json#edge_tasks_status_id_number/steps/0': 'the course wants tasks/status params to be an object and reads no member, as its reference does',
  'course-profile/reference-edges.json#edge_structured_content_array_on_error/steps/1': 'the course reads structuredContent only on success, against the outputSchema, as its reference does',
  'course-profile/reference-edges.json#edge_structured_content_array_on_success/steps/1': 'refused by the declared outputSchema (toolschema/instance-type, a check of the listed tool, not of the message shape): the course reads structuredContent only there, as its reference does',
};

/** Rows of our method table that differ from the schema's Client/Server unions, by `<revision> <method>`. */
const TABLE_DIFFERENCES: Readonly<Record<string, string>> = {};

interface Loaded {
  readonly label: string;
  readonly fixture: Fixture;
  readonly course: boolean;
}

interface Tally {
  messages: number;
  bothValid: number;
  bothInvalid: number;
  oursStricter: number;
  schemaStricter: number;
}

function tally(): Tally {
  return { messages: 0, bothValid: 0, bothInvalid: 0, oursStricter: 0, schemaStricter: 0 };
}

/** Judges every message of a fixture under `profile`; returns the disagreements, by key, with the evidence. */
function compare(loaded: Loaded, profile: Profile, counts: Tally): Map<string, { ours: boolean; detail: string }> {
  const schema = officialSchema(profile.revision as Revision);
  const seenSetup = new Set<string>();
  const out = new Map<string, { ours: boolean; detail: string }>();
  for (const kase of loaded.fixture.cases) {
    for (const played of playCase(loaded.fixture, kase, profile)) {
      if (played.setup) {
        const text = JSON.stringify(played.message);
        if (seenSetup.has(text)) continue;
        seenSetup.add(text);
      }
      const verdict = schemaVerdict(schema, played.message, played.answered);
      const shape = played.findings.filter((f) => f.severity === 'error' && ruleKind(f.rule) === 'shape');
      const schemaOk = verdict.errors.length === 0;
      const oursOk = shape.length === 0;
      counts.messages += 1;
      if (schemaOk === oursOk) {
        if (oursOk) counts.bothValid += 1;
        else counts.bothInvalid += 1;
        continue;
      }
      if (oursOk) counts.schemaStricter += 1;
      else counts.oursStricter += 1;
      const detail = oursOk
        ? `schema rejects (${verdict.errors.slice(0, 2).join('; ')}), we accept`
        : `we reject (${[...new Set(shape.map((f) => `${f.rule} ${f.pointer}`))].join('; ')}), schema accepts (${verdict.definitions.join(' + ')})`;
      out.set(`${loaded.label}#${played.location}`, { ours: !oursOk, detail });
    }
  }
  return out;
}

function figures(name: string, t: Tally): string {
  return `${name}: ${t.messages} messages, ${t.bothValid + t.bothInvalid} agree (${t.bothValid} valid, ${t.bothInvalid} invalid), `
    + `${t.oursStricter} we reject and the schema accepts, ${t.schemaStricter} the schema rejects and we accept`;
}

test('every registry rule is sorted into shape, stateful or not-wire, and no override is stale', () => {
  for (const id of RULES.keys()) assert.ok(['shape', 'stateful', 'not-wire'].includes(ruleKind(id)), id);
  assert.equal(staleOverrides(), []);
});

if (!schemasPresent() && process.env['CI']) {
  test('the official schemas are present (CI)', () => {
    assert.unreachable(`missing ${REVISIONS.map(schemaPath).join(', ')}`);
  });
} else if (!schemasPresent()) {
  test.skip('fixtures vs the official schemas (../shared/spec/ not present)', () => {});
} else {
  const loaded: Loaded[] = fixtureFiles([FIXTURES]).map((file) => {
    const fixture = parseFixture(readFileSync(file.path), file.label);
    return { label: file.label, fixture, course: profileForFixture(fixture).id === 'course' };
  });
  const seen = new Map<string, { ours: boolean; detail: string }>();
  const courseSeen = new Map<string, { ours: boolean; detail: string }>();
  const specCounts = tally();
  const courseAsSpecCounts = tally();
  const courseCounts = tally();

  test('our method table has the methods and senders of each revision\'s Client/Server unions', () => {
    const found = new Map<string, string>();
    for (const revision of REVISIONS) {
      const schema = officialSchema(revision);
      const ours = methodTable({ revision });
      for (const [method, spec] of ours) {
        const theirs = schema.methods.get(method);
        if (!theirs) found.set(`${revision} ${method}`, 'ours only');
        else if (theirs.kind !== spec.kind || theirs.sender !== spec.sender) {
          found.set(`${revision} ${method}`, `ours ${spec.kind} from ${spec.sender}, schema ${theirs.kind} from ${theirs.sender}`);
        }
      }
      for (const method of schema.methods.keys()) if (!ours.has(method)) found.set(`${revision} ${method}`, 'schema only');
    }
    assert.equal([...found.keys()].filter((k) => !TABLE_DIFFERENCES[k]).map((k) => `${k}: ${found.get(k)}`), [], 'unlisted differences');
    assert.equal(Object.keys(TABLE_DIFFERENCES).filter((k) => !found.has(k)), [], 'stale TABLE_DIFFERENCES entries');
  });

  for (const file of loaded) {
    const profile = file.course ? profileForVersion(file.fixture.protocol_version) : profileForFixture(file.fixture);
    if (!profile) continue;
    test(`${file.label}: our shape verdicts agree with the ${profile.revision} schema, except as listed`, () => {
      const found = compare(file, profile, file.course ? courseAsSpecCounts : specCounts);
      for (const [key, value] of found) seen.set(key, value);
      const unlisted = [...found].filter(([key, d]) => !(d.ours ? OURS_STRICTER : SCHEMA_STRICTER)[key]);
      assert.equal(unlisted.map(([key, d]) => `${key}: ${d.detail}`), [], 'unlisted disagreements');
    });
    if (file.course) {
      test(`${file.label}: the course profile is never looser than the ${profile.revision} schema, except as listed`, () => {
        const found = compare(file, profileForFixture(file.fixture), courseCounts);
        for (const [key, value] of found) courseSeen.set(key, value);
        const looser = [...found].filter(([key, d]) => !d.ours && !COURSE_LOOSER[key]);
        assert.equal(looser.map(([key, d]) => `${key}: ${d.detail}`), [], 'the course profile accepts what the schema rejects');
      });
    }
  }

  test('every listed disagreement is still one, in the listed direction', () => {
    const stale = (list: Readonly<Record<string, string>>, found: Map<string, { ours: boolean }>, ours: boolean): string[] =>
      Object.keys(list).filter((key) => found.get(key)?.ours !== ours);
    assert.equal(stale(OURS_STRICTER, seen, true), [], 'stale OURS_STRICTER entries');
    assert.equal(stale(SCHEMA_STRICTER, seen, false), [], 'stale SCHEMA_STRICTER entries');
    assert.equal(stale(COURSE_LOOSER, courseSeen, false), [], 'stale COURSE_LOOSER entries');
    assert.ok(specCounts.messages > 500 && courseAsSpecCounts.messages > 500, 'the fixtures hold messages');
    console.log(figures('spec fixtures', specCounts));
    console.log(figures('course fixtures under 2025-11-25', courseAsSpecCounts));
    console.log(figures('course fixtures under the course profile', courseCounts));
  });
}

test.run();
