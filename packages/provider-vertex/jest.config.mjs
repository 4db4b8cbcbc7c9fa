import { createJestConfig } from '../../tools/jest-preset.mjs';

export default createJestConfig();
