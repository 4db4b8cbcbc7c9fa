import { unsupportedParameter, type CallContextV1, type ChatTool } from '@modelgate/core';
import type { DeepSeekSettings } from './deepseek-settings.js';

/** DeepSeek enforces `strict` function schemas only on its beta base URL (`https://api.deepseek.com/beta`). */
function isBetaBaseUrl(baseUrl: string | undefined): boolean {
  return baseUrl !== undefined && /\/beta\/?$/.test(baseUrl);
}

/**
 * `strict: true` tools off DeepSeek's beta base URL: DeepSeek accepts the flag there and ignores it
 * (PROTOCOLS G.2; api-docs.deepseek.com/guides/tool_calls "strict mode (Beta)";
 * langchain-ai/langchain#40030), so the arguments are not validated against the schema. Under
 * `strictTools: warn` (default) the tools go out as sent with a warning per tool; under `reject` a
 * 400 names the first one.
 */
export function checkDeepSeekStrictTools(tools: readonly ChatTool[] | undefined, settings: DeepSeekSettings, call: Pick<CallContextV1, 'warn'>): void {
  if (isBetaBaseUrl(settings.baseUrl)) return;
  const reason = "DeepSeek enforces strict function schemas only on its beta base URL (https://api.deepseek.com/beta); the arguments are not validated";
  (tools ?? []).forEach((tool, index) => {
    if (tool.type !== 'function' || tool.function.strict !== true) return;
    const parameter = `tools[${index}].function.strict`;
    if (settings.strictTools === 'reject') throw unsupportedParameter(parameter, `${reason}.`);
    call.warn({ kind: 'dropped-parameter', parameter, reason: `${reason}; sent as is` });
  });
}
