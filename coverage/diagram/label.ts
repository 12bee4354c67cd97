import type { DeclaredTransition } from '../declared-transitions.ts';

/** What a transition does, briefly: the rule a `reportIssue` raises, otherwise the action name. */
export function actionSummary(t: DeclaredTransition): string[] {
  return t.actions.map((a) => {
    const m = /^reportIssue\(rule=(.+)\)$/.exec(a);
    return m ? m[1]! : a;
  });
}

/** An edge label's lines: `event#index [guard]` and `/ actions`. */
export function transitionLabelLines(t: DeclaredTransition): string[] {
  const head = `${t.event}#${t.index}${t.guard === undefined ? '' : ` [${t.guard}]`}`;
  const actions = actionSummary(t);
  return actions.length === 0 ? [head] : [head, `/ ${actions.join(', ')}`];
}
