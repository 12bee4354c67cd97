// Why: over JUnit every scenario step is a test case of its own, so CI shows which of the user's
// steps failed: the steps come from the trace's options (as the check recorded them), and a step
// fails with the expectation findings that name it.
import { readScenario } from '../scenario/scenario-format.ts';
import { stepName } from '../scenario/play.ts';
import type { ReportModel } from './report-model.ts';

/** One step as a JUnit test case: its name, and its failure when an expectation finding names it. */
export interface StepCase {
  readonly suite: string;
  readonly name: string;
  readonly failure?: { readonly message: string; readonly body: string };
}

/** The test cases of the scenarios a check's trace records (none when it records none, or records them unreadably). */
export function scenarioCases(model: ReportModel): StepCase[] {
  const recorded = model.trace.options['scenarios'];
  if (!Array.isArray(recorded)) return [];
  const mismatches = model.findings.filter((f) => f.rule === 'scenario/expectation-mismatch');
  return recorded.flatMap((document, s) => {
    let scenario;
    try {
      scenario = readScenario(document);
    } catch {
      return [];
    }
    return scenario.steps.map((_, i): StepCase => {
      const name = stepName(scenario, i);
      const mine = mismatches.filter((f) => f.message.startsWith(`${name}:`) || f.message.startsWith(`${name} at `));
      const suite = `scenario-${s}`;
      if (mine.length === 0) return { suite, name };
      return { suite, name, failure: { message: `${mine.length} difference${mine.length === 1 ? '' : 's'}: ${mine[0]!.message}`, body: mine.map((f) => `${f.pointer || '/'}: ${f.message}`).join('\n') } };
    });
  });
}
