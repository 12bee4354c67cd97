import { courseUriLimit, isCourseUri, isHttpsUrl } from '../validators/format.ts';
import { isUriTemplate } from '../validators/uri-template.ts';
import { COURSE_PROFILE } from '../validators/profiles.ts';
import { InputError } from '../files/input-error.ts';
import type { Fixture } from './fixture-schema.ts';

/** The scopes a course policy may grant: one per kind of resource operation. */
const COURSE_SCOPES: ReadonlySet<string> = new Set(['resources:list', 'resources:read', 'resources:subscribe']);

function invalid(pointer: string, problem: string): InputError {
  return new InputError('fixture/invalid', pointer, `invalid fixture at ${pointer}: ${problem}`);
}

function unique(list: readonly string[]): boolean {
  return new Set(list).size === list.length;
}

/**
 * The checks the course's reference makes on a fixture before it judges any case: the revision it
 * teaches, a policy of absolute URIs and RFC 6570 templates whose explicit children exist in the
 * same tenant, and transport defaults bound to the protected resource. A fixture that fails them
 * cannot be run under the course profile (exit 2). (The reference also refuses a declared tool it
 * would refuse in a tools/list result; we apply those descriptor rules to listed and sampling
 * tools only, so that one header does not hide every case of a file.)
 */
export function checkCourseFixture(fixture: Fixture): void {
  if (fixture.protocol_version !== COURSE_PROFILE.protocolVersion) {
    throw invalid('/protocol_version', `the course profile teaches MCP ${COURSE_PROFILE.protocolVersion}, not ${JSON.stringify(fixture.protocol_version)}`);
  }
  const auth = fixture.authorization;
  if (auth === undefined) throw invalid('/authorization', 'the course profile requires the authorization section (its OAuth model); other profiles take a fixture without one');
  if (fixture.transport_context_defaults === undefined) throw invalid('/transport_context_defaults', 'the course profile requires transport_context_defaults');
  if (fixture.tool === undefined) throw invalid('/tool', 'the course profile requires the declared tool');
  const pr = auth.protected_resource;
  if (!isHttpsUrl(pr) || courseUriLimit(pr) !== undefined || /^https:\/\/[^/]*@/i.test(pr) || pr.includes('#')) {
    throw invalid('/authorization/protected_resource', `the protected resource must be an absolute https URI without user information or fragment, not ${JSON.stringify(pr)}`);
  }
  for (const [name, revision] of Object.entries(auth.revisions)) {
    const at = `/authorization/revisions/${name}`;
    for (const [subject, principal] of Object.entries(revision.principals)) {
      if (subject === '' || principal.tenant === '') throw invalid(`${at}/principals/${subject}`, 'a principal has a non-empty name and tenant');
      if (!principal.scopes.every((s) => COURSE_SCOPES.has(s)) || !unique(principal.scopes)) {
        throw invalid(`${at}/principals/${subject}/scopes`, `scopes are distinct resource scopes (${[...COURSE_SCOPES].join(', ')})`);
      }
    }
    const tenants = new Map<string, string>();
    revision.resources.forEach((r, i) => {
      if (!isCourseUri(r.uri) || courseUriLimit(r.uri) !== undefined) throw invalid(`${at}/resources/${i}/uri`, `${JSON.stringify(r.uri)} is not an absolute URI in the RFC 3986 character set, of at most 2048 characters and a port up to 65535`);
      if (tenants.has(r.uri)) throw invalid(`${at}/resources/${i}/uri`, `${r.uri} is listed twice`);
      if (r.tenant === '') throw invalid(`${at}/resources/${i}/tenant`, 'a resource names its tenant');
      tenants.set(r.uri, r.tenant);
    });
    revision.resources.forEach((r, i) => {
      const children = r.children ?? [];
      if (!unique(children)) throw invalid(`${at}/resources/${i}/children`, 'a child is listed twice');
      children.forEach((child, k) => {
        if (!tenants.has(child)) throw invalid(`${at}/resources/${i}/children/${k}`, `child URI ${child} is absent from the resource policy`);
        if (tenants.get(child) !== r.tenant) throw invalid(`${at}/resources/${i}/children/${k}`, `child URI ${child} crosses a tenant boundary`);
      });
    });
    const templates = new Set<string>();
    revision.resourceTemplates.forEach((t, i) => {
      if (!isUriTemplate(t.uriTemplate) || !/\{[^{}]+\}/.test(t.uriTemplate)) {
        throw invalid(`${at}/resourceTemplates/${i}/uriTemplate`, `${JSON.stringify(t.uriTemplate)} is not an absolute RFC 6570 URI template with an expression`);
      }
      if (templates.has(t.uriTemplate)) throw invalid(`${at}/resourceTemplates/${i}/uriTemplate`, `${t.uriTemplate} is listed twice`);
      if (t.tenant === '') throw invalid(`${at}/resourceTemplates/${i}/tenant`, 'a template names its tenant');
      templates.add(t.uriTemplate);
    });
  }
  const d = fixture.transport_context_defaults;
  if (d.transport !== 'streamable_http' || d.token_active !== true || d.token_audience !== pr || d.resource !== pr) {
    throw invalid('/transport_context_defaults',
      'the defaults are the streamable_http transport with an active token whose audience and RFC 8707 resource are the protected resource');
  }
}
