/** Which reports to write from a trace, and what the run tolerates; shared by `check`, `fuzz`, `report`. */
export interface ReportOptions {
  /** Print the JSON report on stdout (as `cases --json` and `validate --json` do). */
  readonly json?: boolean;
  /** Write the JSON report to this file. */
  readonly jsonFile?: string;
  /** JUnit XML file. */
  readonly junit?: string;
  /** SARIF 2.1.0 file. */
  readonly sarif?: string;
  /** Self-contained offline HTML page. */
  readonly html?: string;
  /** A file of findings that do not fail the run; an entry that no longer occurs does (stale). */
  readonly expectedFailures?: string;
  /** Rules whose findings do not fail the run and are never stale (fuzz's --ignore-rule). */
  readonly ignoreRules?: readonly string[];
  /** Indexes of expected-failures entries an earlier run of the search met: not stale (fuzz). */
  readonly metEntries?: readonly number[];
  /** Only the summary line on stdout. */
  readonly quiet?: boolean;
  /** The trace file the reports describe, as the user named it: SARIF locations point into it. */
  readonly traceFile?: string;
  /** The trace file's text as written, so that SARIF locations can name the line of each finding's event. */
  readonly traceText?: string;
  /** The rule a run that could not complete rests on (the JSON report's `error.rule`; default cli/server-unavailable). */
  readonly errorRule?: string;
  /** Values no report may show (the caller's secret-looking environment values); the writers never read the environment. */
  readonly secrets?: readonly string[];
}

/** What writing the reports concluded: the exit code and the summary line for people. */
export interface ReportOutcome {
  /** 0: no unexpected error finding and no stale expected entry; 1: otherwise; 2: the run could not complete. */
  readonly exitCode: 0 | 1 | 2;
  readonly summary: string;
  /** Why a report file could not be written (then the exit code is 2); the other files were written. */
  readonly failure?: unknown;
}
