// Why: the cross-checks against the official schemas (fixtures-vs-schema, generated-vs-schema)
// keep their known disagreements as lists, one reason per entry; the reasons shared by several
// entries, in either list, are written once here.

/** Reasons shared by several entries. */
export const WHY = {
  unique: 'uniqueness within one list (names, URIs, task ids) is a prose MUST; the schema\'s arrays cannot state it',
  maxValues: 'CompleteResult completion.values "Must not exceed 100 items" is prose; the schema sets no maxItems',
  task0618: 'task augmentation is a 2025-11-25 feature: the 2025-06-18 schema leaves params open, so `task` is an unknown member it accepts; the 2025-06-18 profile names the feature the revision lacks',
  samplingTools0618: 'sampling tools are a 2025-11-25 feature: the 2025-06-18 schema leaves params open, so `tools` is an unknown member it accepts; the 2025-06-18 profile names the feature the revision lacks',
  titledEnum0618: 'titled enums (oneOf of const/title) are a 2025-11-25 feature: the 2025-06-18 StringSchema is open, so `oneOf` is an unknown member it accepts',
  formContent: 'accepted form content is checked against the requestedSchema of the request it answers (required fields, types, bounds, enums, formats); the schema types the values alone and cannot relate a result to its request',
  unexpectedContent: 'ElicitResult content is "only present when action is accept and mode was form" (its description); the schema keeps it optional for every action and mode',
  cancelStatus: 'a successful tasks/cancel leaves the task cancelled (prose); CancelTaskResult admits any status',
  taskOfRequest: 'the result describes the task the answered request names; the schema cannot relate a result to its request',
  payloadType: 'GetTaskPayloadResult is an open object whose description says its structure matches the result type of the original request; we check that type',
  relatedTask: 'RelatedTaskMetadata requires taskId, but the request _meta definition leaves the io.modelcontextprotocol/related-task key untyped',
  cancelRequestId: 'CancelledNotificationParams.requestId is optional in the schema; its description: "This MUST be provided for cancelling non-task requests"',
  errorOfRequest: 'the error data must match the answered request (a capability it did not declare, the version it sent); the schema cannot relate an error to its request',
  inputResponse: 'InputResponse is anyOf CreateMessageResult, ListRootsResult and ElicitResult; the input request the key names (in an earlier result) decides which one applies, and we check that one',
  ackMeta: 'NotificationMetaObject keeps io.modelcontextprotocol/subscriptionId optional; an acknowledgement names the subscription it acknowledges, which we require',
  listenId: 'the subscription id must be the answered subscriptions/listen request\'s id; the schema cannot relate a result to its request',
  resultType: 'ResultType is an open string whose description names only "complete" and "input_required"; we accept only those',
  callToolBranch: 'CallToolResultResponse.result is anyOf InputRequiredResult and CallToolResult; the InputRequiredResult branch requires only resultType, so a complete result without content passes through it; we pick the branch by resultType',
  inputRequiredEmpty: 'InputRequiredResult: "At least one of inputRequests or requestState MUST be present" (its description); both are optional in the schema',
  fileRoot: 'a root uri "MUST start with file://" (Root.uri description); the schema types it as any uri',
  format: '`format` (uri, byte) is an annotation in the official schema and ajv does not assert it; the absolute-URI and canonical base64 rules are ours',
  textAndBlob: 'resource contents carry exactly one of text or blob; an item with both still matches the open TextResourceContents branch',
  samplingRoles: 'tool_use belongs in assistant messages, tool_result in user messages, alone, answering an earlier tool_use (sampling prose MUSTs); SamplingMessage types each block alone',
  secret: '"Servers MUST NOT use form mode elicitation to request sensitive information" (prose); requestedSchema field names are free strings',
  ownRule: 'our rule, stricter than the schema and the prose of the specification (see the rule text); kept deliberately under the specification profiles',
  jsonRpcMembers: 'JSON-RPC 2.0 names the members of requests, responses and error objects; our envelope rejects other members under every profile while the MCP schema leaves the objects open',
  jsonSchemaMeta: 'an inputSchema property whose keyword has the wrong type or range is not a usable JSON Schema; the MCP schema types inputSchema.properties as open objects and does not apply the JSON Schema meta-schema',
  elicitNumber: 'ElicitResult.content values are typed string | integer | boolean (or string arrays), yet a NumberSchema field of type "number" admits fractions; we follow the field type, as the SDK\'s ElicitResultSchema does (any number)',
} as const;
