/**
 * A vitest reporter beside the default one: after the summary it lists every skipped test with the
 * reason in its name (the PostgreSQL, Redis and browser gates put it there), grouped by reason, and
 * says which failures ran out of time, so that a summary tells a missing service and a slow machine
 * from a broken test.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { TIME_SCALE } from './time-budget.ts';

const REASON = / \[skipped: ([^\]]+)\]/;

function reasonOf(test: TestCase): string {
  return REASON.exec(test.fullName)?.[1] ?? (test.options.mode === 'todo' ? 'todo' : 'skipped in its file');
}

function ranOutOfTime(test: TestCase): boolean {
  return (test.result().errors ?? []).some((e) => /Test timed out in|Hook timed out in|^slow machine\?/.test(e.message ?? ''));
}

export default class SkippedSummary implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byReason = new Map<string, string[]>();
    const late: string[] = [];
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const name = `${module.relativeModuleId} > ${test.fullName.replace(REASON, '')}`;
        if (state === 'skipped') byReason.set(reasonOf(test), [...(byReason.get(reasonOf(test)) ?? []), name]);
        else if (state === 'failed' && ranOutOfTime(test)) late.push(name);
      }
    const out: string[] = [];
    for (const [reason, names] of byReason) {
      out.push(`Skipped (${names.length}): ${reason}`);
      for (const name of names) out.push(`  ${name}`);
    }
    if (late.length > 0) {
      out.push(
        `Ran out of time (${late.length}; slow machine? budgets are scaled ×${TIME_SCALE.toFixed(2)}, PAYROLL_TEST_TIME_SCALE=N gives more):`,
      );
      for (const name of late) out.push(`  ${name}`);
    }
    if (out.length > 0) process.stdout.write(`\n${out.join('\n')}\n`);
  }
}
