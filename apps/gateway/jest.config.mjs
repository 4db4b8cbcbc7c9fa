import { createJestConfig } from '../../tools/jest-preset.mjs';

export default createJestConfig({
  setupFilesAfterEnv: ['<rootDir>/test/support/data-directory-per-file.ts'],
});
