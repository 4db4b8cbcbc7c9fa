// A Jest reporter (listed by tools/jest-preset.mjs) that records what one package's run executed,
// its suites and tests by outcome, in coverage/test-run.json (beside coverage-summary.json, which
// Jest's coverage reporter writes after this one has run). tools/print-test-summary.mjs reads both
// after `npm test`; each record carries its start time, so a summary never shows an earlier run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TEST_RUN_RECORD = join('coverage', 'test-run.json');

export default class JestRunRecord {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const packageName = JSON.parse(readFileSync(join(this.rootDir, 'package.json'), 'utf8')).name;
    const record = {
      package: packageName,
      startedAt: results.startTime,
      finishedAt: Date.now(),
      suites: { total: results.numTotalTestSuites, failed: results.numFailedTestSuites + results.numRuntimeErrorTestSuites },
      tests: { total: results.numTotalTests, passed: results.numPassedTests, failed: results.numFailedTests, skipped: results.numPendingTests + results.numTodoTests },
    };
    mkdirSync(join(this.rootDir, 'coverage'), { recursive: true });
    writeFileSync(join(this.rootDir, TEST_RUN_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  }
}
