import { createJestConfig } from '../../tools/jest-preset.mjs';

export default createJestConfig({
  globalSetup: '<rootDir>/test/support/data-directory-setup.mjs',
  globalTeardown: '<rootDir>/test/support/data-directory-teardown.mjs',
});
