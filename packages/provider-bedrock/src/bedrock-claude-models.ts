import type { ModelCardV1 } from '@modelgate/core';
import { createClaudeCardsOnHost } from '@modelgate/provider-anthropic';

/**
 * Bedrock's base model ids of the catalogued Claude models (AWS, "Supported foundation models in
 * Amazon Bedrock", read 2026-11-27: the 4.6 models carry no date, Opus 4.6 a `-v1` without `:0`).
 */
const BEDROCK_CLAUDE_IDS: Readonly<Record<string, string>> = {
  'claude-opus-4-6': 'anthropic.claude-opus-4-6-v1',
  'claude-sonnet-4-6': 'anthropic.claude-sonnet-4-6',
  'claude-opus-4-5': 'anthropic.claude-opus-4-5-20251101-v1:0',
  'claude-sonnet-4-5': 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'claude-haiku-4-5': 'anthropic.claude-haiku-4-5-20251001-v1:0',
};

/**
 * The inference profiles listed: these models are invoked on demand only through a profile (the
 * base id answers "on-demand throughput isn't supported"). `global.` is billed at Anthropic's list
 * price, a geography's profile 10% over it. Other geographies (`apac.`, `jp.`, `au.`) are served
 * by pattern, priced by the config's `pricing`.
 */
const PROFILES = [
  { prefix: 'global.', endpoint: 'global', regional: false },
  { prefix: 'us.', endpoint: 'US', regional: true },
  { prefix: 'eu.', endpoint: 'EU', regional: true },
];

export const BEDROCK_CLAUDE_CARDS: readonly ModelCardV1[] = createClaudeCardsOnHost(
  Object.entries(BEDROCK_CLAUDE_IDS).flatMap(([anthropicId, baseId]) =>
    PROFILES.map((profile) => ({ anthropicId, hostId: `${profile.prefix}${baseId}`, endpoint: profile.endpoint, regional: profile.regional })),
  ),
);
