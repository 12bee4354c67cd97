import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { and, not, or } from 'xstate';
import { declaredTransitions, formatGuard, stateNodes } from '../../coverage/declared-transitions.ts';
import { SESSION_MACHINES } from '../../coverage/diagram/session-machines.ts';
import { lifecycleMachine } from '../../machines/lifecycle.ts';
import { authorizationMachine } from '../../machines/authorization.ts';

test('every transition of every state node is enumerated once, with a unique id', () => {
  for (const machine of SESSION_MACHINES) {
    const { transitions, byDefinition } = declaredTransitions(machine);
    let expected = 0;
    for (const node of stateNodes(machine)) for (const list of node.transitions.values()) expected += list.length;
    assert.is(transitions.length, expected, machine.id);
    assert.is(byDefinition.size, expected, machine.id);
    assert.is(new Set(transitions.map((t) => t.id)).size, expected, `${machine.id}: ids are unique`);
  }
});

test('ids name machine, source, event, index, guard with parameters and target', () => {
  const ids = declaredTransitions(lifecycleMachine).transitions.map((t) => t.id);
  assert.ok(ids.includes('lifecycle:new:request#0[isInitializeRequest&hasExpectedRequestVersion]->waiting_for_initialize_response'));
  assert.ok(ids.includes('lifecycle:new:request#2'), 'a targetless, unguarded transition has neither [guard] nor ->target');
  assert.ok(ids.includes('lifecycle:waiting_for_initialize_response:initialize.error#0[isStrict]->new'));
  assert.ok(ids.includes('lifecycle:waiting_for_initialize_response:initialize.error#1->new'));
  const auth = declaredTransitions(authorizationMachine).transitions;
  assert.is(auth.find((t) => t.event === 'context.check' && t.index === 0)?.id, 'authorization:enforcing:context.check#0[failsCheck(rule=auth/transport)]');
  assert.equal(auth.find((t) => t.event === 'context.check' && t.index === 0)?.rules, ['auth/transport']);
});

test('guards: named, parameterised and combined (names of combinator functions are not relied on)', () => {
  assert.is(formatGuard({ type: 'isPing' }), 'isPing');
  assert.is(formatGuard({ type: 'failsCheck', params: { rule: 'auth/transport', b: 2 } }), 'failsCheck(b=2,rule=auth/transport)');
  assert.is(formatGuard(and([{ type: 'a' }, or([{ type: 'b' }, not({ type: 'c' })])])), 'a&(b|!c)');
  const renamed = and([{ type: 'x' }, { type: 'y' }]);
  Object.defineProperty(renamed, 'name', { value: 'and2' });
  assert.is(formatGuard(renamed), 'x&y');
});

test.run();
