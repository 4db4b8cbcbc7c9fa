import type { CallContextV1 } from '@modelgate/core';

/**
 * What DeepSeek accepts and ignores while it thinks, with the value that asks for its default
 * (PROTOCOLS G.2; api-docs.deepseek.com/guides/thinking_mode, "Input and Output Parameters":
 * "setting these parameters will not trigger an error but will not take effect"). `top_p` is not
 * on that list and goes out as sent.
 */
const IGNORED_WHILE_THINKING: Readonly<Record<string, number>> = { temperature: 1, presence_penalty: 0, frequency_penalty: 0 };

/**
 * Drops the sampling fields DeepSeek ignores while thinking, so the body says what takes effect;
 * a value other than the default gets a `dropped-parameter` warning, so the client learns it had
 * no effect. Never a 400: DeepSeek itself accepts them, and every OpenAI client sends a temperature.
 */
export function dropDeepSeekThinkingSampling(body: Record<string, unknown>, call: Pick<CallContextV1, 'warn'>): Record<string, unknown> {
  const present = Object.keys(IGNORED_WHILE_THINKING).filter((field) => body[field] !== undefined);
  if (present.length === 0) return body;
  const kept = { ...body };
  for (const field of present) {
    if (kept[field] !== null && kept[field] !== IGNORED_WHILE_THINKING[field]) {
      call.warn({ kind: 'dropped-parameter', parameter: field, reason: "DeepSeek ignores it while thinking (send reasoning_effort 'none' to answer without thinking)" });
    }
    delete kept[field];
  }
  return kept;
}
