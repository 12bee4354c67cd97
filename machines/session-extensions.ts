// Why: a session asks its extensions (EXTENSIONS, each deciding for which profiles it applies) at
// six points of a message's way (a call checked, a call accepted, a result refused, checked, an
// error checked, a response accepted). Binding each hook once, in the extensions' order, keeps that
// per-message walk a loop over a list; a session with no extension (the course profile's) shares
// one empty set and binds nothing.
import type { ExtensionOptions, SessionExtension } from './extension.ts';
import { EXTENSIONS } from './extensions.ts';
import type { SessionConfig } from './session-config.ts';

/** The extensions a session set up by `config` runs, in EXTENSIONS' order. */
export function extensionsFor(config: SessionConfig): readonly SessionExtension[] {
  const options: ExtensionOptions = { ...(config.inspect ? { inspect: config.inspect } : {}), ...(config.excerpt === true ? { excerpt: true } : {}),
    ...(config.cursorsInView === true ? { cursorsInView: true } : {}), ...(config.modernOnly === true ? { modernOnly: true } : {}) };
  return EXTENSIONS.map((make) => make(config.profile, options)).filter((e): e is SessionExtension => e !== undefined);
}

/** The hooks of a list of extensions, each bound to its extension, in order; extensions without a hook are left out of its list. */
export type ExtensionHooks = { readonly [K in HookName]: readonly NonNullable<SessionExtension[K]>[] };
type HookName = 'checkCall' | 'acceptCall' | 'refusedResult' | 'checkResult' | 'checkError' | 'acceptResponse';

/** The hooks of no extension (the course profile's sessions): shared, so such a session binds and allocates none. */
const NO_HOOKS: ExtensionHooks = Object.freeze({
  checkCall: Object.freeze([]),
  acceptCall: Object.freeze([]),
  refusedResult: Object.freeze([]),
  checkResult: Object.freeze([]),
  checkError: Object.freeze([]),
  acceptResponse: Object.freeze([]),
});

/** Each hook of `extensions`, bound once. */
export function hooksOf(extensions: readonly SessionExtension[]): ExtensionHooks {
  if (extensions.length === 0) return NO_HOOKS;
  const bind = <K extends HookName>(name: K): NonNullable<SessionExtension[K]>[] =>
    extensions.filter((e) => e[name] !== undefined).map((e) => (e[name] as (...args: never[]) => unknown).bind(e) as NonNullable<SessionExtension[K]>);
  return {
    checkCall: bind('checkCall'),
    acceptCall: bind('acceptCall'),
    refusedResult: bind('refusedResult'),
    checkResult: bind('checkResult'),
    checkError: bind('checkError'),
    acceptResponse: bind('acceptResponse'),
  };
}
