// Shared Jest set-up: ESM throughout (got is ESM-only), TypeScript compiled by swc (types are
// checked by the separate `typecheck` task), tests next to the code or under test/.
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
    ...overrides,
  };
}
