import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { withoutExperimentalWarning } from './without-experimental-warning.js';

describe('withoutExperimentalWarning', () => {
  const original = process.emitWarning;
  afterEach(() => {
    process.emitWarning = original;
  });

  it("silences only the feature's ExperimentalWarning while loading, and restores emitWarning", async () => {
    const seen = jest.fn();
    process.emitWarning = seen as unknown as typeof process.emitWarning;
    const loaded = await withoutExperimentalWarning('SQLite', async () => {
      // What Node.js 22's node:sqlite emits as it loads (lib/internal/util.js emitExperimentalWarning).
      process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
      process.emitWarning('VM Modules is an experimental feature and might change at any time', 'ExperimentalWarning');
      process.emitWarning('something else', { type: 'DeprecationWarning' });
      return 42;
    });
    expect(loaded).toBe(42);
    expect(seen.mock.calls.map((call) => call[0])).toEqual(['VM Modules is an experimental feature and might change at any time', 'something else']);
    expect(process.emitWarning).toBe(seen);
  });
});
