// Why: a session runs only some of the machines, by its profile (the extensions decide for which
// profiles they apply) and by its configuration (authorization only under a policy). The inspector
// shows those and no others; what decides is the coverage models' `runsUnder`, which asks the
// session's own extension factories, so the page and the coverage figures agree.
import type { Profile } from '../validators/context.ts';
import { SAMPLE_BASIS } from '../coverage/models/basis.ts';
import { createModels } from '../coverage/models/index.ts';

/** The machine the session runs only when its configuration has an authorization policy (machines/session.ts). */
const POLICY_MACHINE = 'authorization';

/** The machines a session of `profile` runs, in diagram order; `policy`: whether it has an authorization policy. */
export function profileMachines(profile: Profile, policy: boolean): string[] {
  return createModels(SAMPLE_BASIS)
    .filter((m) => (m.runsUnder === undefined || m.runsUnder(profile)) && (m.name !== POLICY_MACHINE || policy))
    .map((m) => m.name);
}
