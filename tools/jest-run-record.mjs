// A Jest reporter (listed by tools/jest-preset.mjs) that records what one package's run executed,
// its suites and tests by outcome, in coverage/test-run.json (beside coverage-summary.json, which
// Jest's coverage reporter writes after this one has run). It writes only in a run `npm test`
// started, which names itself in MODELGATE_TEST_RUN_ID; tools/print-test-summary.mjs then reads the
// records bearing that id, so a developer's run of one file at the same time changes nothing and a
// summary never shows an earlier run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TEST_RUN_RECORD = join('coverage', 'test-run.json');

export default class JestRunRecord {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const runId = process.env.MODELGATE_TEST_RUN_ID;
    if (!runId) return;
    const packageName = JSON.parse(readFileSync(join(this.rootDir, 'package.json'), 'utf8')).name;
    const record = {
      package: packageName,
      runId,
      startedAt: results.startTime,
      finishedAt: Date.now(),
      suites: { total: results.numTotalTestSuites, failed: results.numFailedTestSuites + results.numRuntimeErrorTestSuites },
      tests: { total: results.numTotalTests, passed: results.numPassedTests, failed: results.numFailedTests, skipped: results.numPendingTests + results.numTodoTests },
    };
    mkdirSync(join(this.rootDir, 'coverage'), { recursive: true });
    writeFileSync(join(this.rootDir, TEST_RUN_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  }
}
