import { COURSE, defineRules, SPEC } from './rule.ts';

/** Out-of-wire authorization snapshot rules (transport_context, revisions, tenant policy). */
export const authRules = defineRules('auth', SPEC.authorization, {
  'context-missing': { text: 'An authorization-bound message needs a transport context with subject, tenant, scopes and revision.', keyword: 'course' },
  'transport': { text: 'Authorization-bound messages must arrive over the streamable_http transport.', keyword: 'course' },
  'token-inactive': { text: 'The request must carry an active access token.', keyword: 'course' },
  'token-audience': { text: 'The token audience must be exactly the protected MCP resource.', keyword: 'MUST' },
  'resource-indicator': { text: 'The RFC 8707 resource indicator must be exactly the protected MCP resource.', spec: SPEC.resourceIndicator, keyword: 'MUST' },
  'stale-revision': { text: 'The authorization revision of a request, notification or pending result must be the current one.', keyword: 'course' },
  'unknown-subject': { text: 'The subject must be a principal known to the current authorization revision.', keyword: 'course' },
  'principal-revoked': { text: 'The principal is revoked in the current authorization revision.', keyword: 'course' },
  'principal-binding': { text: 'The tenant in the context must be the tenant the principal is bound to.', keyword: 'course' },
  'scope-not-granted': { text: 'Claimed scopes must be within the scopes granted to the principal.', keyword: 'course' },
  'scope-missing': { text: 'The claimed scopes must include the scope the method requires.', keyword: 'course' },
  'resource-tenant': { text: 'A resource may be used only by principals of its own tenant.', keyword: 'course' },
  'resource-not-in-policy': { text: 'A resource URI must appear in the explicit resource policy (in the specification profiles a policy template match also counts; the course profile takes explicit resources only).', keyword: 'course' },
  'result-outside-policy': { text: 'A resources/read result may contain only the requested URI or its explicit policy children (only direct children in the course profile; descendants in the specification profiles).', keyword: 'course' },
  'unknown-revision': { text: 'A control event may activate only a revision that the policy defines.', keyword: 'course' },
  'duplicate-scope': { text: 'In the course profile a transport context claims each scope once.', spec: COURSE.authorization, keyword: 'course' },
  'unexpected-context': {
    keyword: 'course',
    text: 'In the course profile only authorization-bound messages (the resource methods and resource updates) carry a transport_context: not the handshake, other messages, or responses, which are judged under their request\'s snapshot.',
    spec: COURSE.authorization,
  },
  'revision-before-ready': { text: 'In the course profile an authorization revision is activated only in a ready session (after the initialize handshake).', spec: COURSE.authorization, keyword: 'course' },
});
