import type { ModelCardV1 } from '@modelgate/core';
import { createClaudeCardsOnHost } from '@modelgate/provider-anthropic';

/**
 * Vertex's ids of the catalogued Claude models (Vertex AI Model Garden, read 2026-11-27: the
 * version after `@`; the 4.6 models have none).
 */
const VERTEX_CLAUDE_IDS: Readonly<Record<string, string>> = {
  'claude-opus-4-6': 'claude-opus-4-6',
  'claude-sonnet-4-6': 'claude-sonnet-4-6',
  'claude-opus-4-5': 'claude-opus-4-5@20251101',
  'claude-sonnet-4-5': 'claude-sonnet-4-5@20250929',
  'claude-haiku-4-5': 'claude-haiku-4-5@20251001',
};

/** Claude's cards at a location: Anthropic's list price on the `global` endpoint, 10% over it in a region. */
export function vertexClaudeCards(location: string): ModelCardV1[] {
  return createClaudeCardsOnHost(Object.entries(VERTEX_CLAUDE_IDS).map(([anthropicId, hostId]) => ({ anthropicId, hostId, endpoint: location, regional: location !== 'global' })));
}
