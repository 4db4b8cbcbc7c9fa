import { completionUsageFromAnthropic, type AnthropicUsage, type CompletionUsage } from '@modelgate/core';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** The usage of a whole Messages answer, when it has one. */
export function anthropicUsageOf(body: unknown): CompletionUsage | undefined {
  const usage = (body as { usage?: Partial<AnthropicUsage> | null } | null)?.usage;
  if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return undefined;
  return completionUsageFromAnthropic(usage);
}

/**
 * Anthropic's counts of server tool calls (`server_tool_use: { web_search_requests: 3 }`), by tool
 * (`web_search`); undefined when there are none.
 */
export function anthropicServerToolCalls(usage: unknown): Record<string, number> | undefined {
  const used = (usage as { server_tool_use?: unknown } | null | undefined)?.server_tool_use;
  if (!used || typeof used !== 'object') return undefined;
  let calls: Record<string, number> | undefined;
  for (const [field, value] of Object.entries(used)) {
    if (!field.endsWith('_requests') || count(value) === 0) continue;
    (calls ??= {})[field.slice(0, -'_requests'.length)] = count(value);
  }
  return calls;
}

/** The hub's usage as Anthropic reports it: the cached reads and writes taken out of the input again. */
export function anthropicUsageFromCompletion(usage: CompletionUsage | undefined): AnthropicUsage {
  const cacheRead = count(usage?.prompt_tokens_details?.cached_tokens);
  const cacheWrite = count(usage?.prompt_tokens_details?.cache_write_tokens);
  return {
    input_tokens: Math.max(0, count(usage?.prompt_tokens) - cacheRead - cacheWrite),
    output_tokens: count(usage?.completion_tokens),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
}
