import { describe, expect, it } from '@jest/globals';
import { completionUsageFromAnthropic } from './anthropic-usage.js';

describe('completionUsageFromAnthropic', () => {
  it('adds cache reads and writes into the prompt, and tells the 1-hour writes apart', () => {
    const usage = completionUsageFromAnthropic({
      input_tokens: 10,
      output_tokens: 5,
      cache_read_input_tokens: 100,
      cache_creation_input_tokens: 300,
      cache_creation: { ephemeral_5m_input_tokens: 200, ephemeral_1h_input_tokens: 100 },
    });
    expect(usage).toMatchObject({ prompt_tokens: 410, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 100, cache_write_tokens: 300, cache_write_1h_tokens: 100 } });
  });

  it('leaves out the 1-hour count when there is none, and never lets it exceed the writes', () => {
    expect(completionUsageFromAnthropic({ input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 50 }).prompt_tokens_details).toEqual({ cached_tokens: 0, cache_write_tokens: 50 });
    expect(completionUsageFromAnthropic({ input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 50, cache_creation: { ephemeral_1h_input_tokens: 80 } }).prompt_tokens_details?.cache_write_1h_tokens).toBe(50);
  });
});
