/** Deep enough for any real tool schema. */
export const DEFAULT_MAX_JSON_DEPTH = 128;

export { exceedsJsonDepth } from './json-text.js';
