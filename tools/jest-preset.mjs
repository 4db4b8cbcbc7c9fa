// Shared Jest set-up: ESM throughout (got is ESM-only), TypeScript compiled by swc (types are
// checked by the separate `typecheck` task), tests next to the code or under test/.
// Every run leaves a record of what it executed (tools/jest-run-record.mjs). With
// MODELGATE_TEST_COVERAGE=1 (what `npm test` sets) it also measures coverage of the package's
// sources and prints a four-line summary; a developer's run of one file stays fast.
import { fileURLToPath } from 'node:url';

const RUN_RECORD_REPORTER = fileURLToPath(new URL('./jest-run-record.mjs', import.meta.url));

export function createJestConfig(overrides = {}) {
  return {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
          module: { type: 'es6' },
          sourceMaps: 'inline',
        },
      ],
    },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    testTimeout: 20000,
    reporters: ['default', RUN_RECORD_REPORTER],
    collectCoverage: process.env.MODELGATE_TEST_COVERAGE === '1',
    collectCoverageFrom: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.d.ts'],
    coverageReporters: ['text-summary', 'json-summary'],
    ...overrides,
  };
}
