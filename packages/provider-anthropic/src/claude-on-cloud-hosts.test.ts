import { describe, expect, it } from '@jest/globals';
import { createClaudeCardsOnHost } from './claude-on-cloud-hosts.js';
import anthropicProvider from './index.js';

const anthropicCard = (id: string) => anthropicProvider.create({ apiKey: 'unused' }, { logger: console, env: {} } as never).models!.find((card) => card.id === id)!;

describe('Claude cards under a cloud host’s ids (issue 32)', () => {
  it('keep the Anthropic card’s limits and capabilities, under the host’s id and endpoint', () => {
    const [card] = createClaudeCardsOnHost([{ anthropicId: 'claude-sonnet-4-5', hostId: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', endpoint: 'global', regional: false }]);
    const original = anthropicCard('claude-sonnet-4-5');
    expect(card).toEqual({ ...original, id: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', displayName: 'Claude Sonnet 4.5 (global)' });
  });

  it('a regional endpoint: every token price 10% over, long-context tier included; per-call tool fees unchanged', () => {
    const [card] = createClaudeCardsOnHost([{ anthropicId: 'claude-sonnet-4-5', hostId: 'claude-sonnet-4-5@20250929', endpoint: 'us-east5', regional: true }]);
    expect(card!.pricing).toEqual({
      input: 3.3,
      output: 16.5,
      cachedInput: 0.33,
      cacheWrite: 4.125,
      cacheWrite1h: 6.6,
      longContext: { aboveInputTokens: 200_000, input: 6.6, output: 24.75, cachedInput: 0.66, cacheWrite: 8.25, cacheWrite1h: 13.2 },
      toolCalls: anthropicCard('claude-sonnet-4-5').pricing!.toolCalls,
    });
  });

  it('refuses an id the Anthropic catalog does not know', () => {
    expect(() => createClaudeCardsOnHost([{ anthropicId: 'claude-unknown', hostId: 'x', endpoint: 'global', regional: false }])).toThrow('no Anthropic model card claude-unknown');
  });
});
