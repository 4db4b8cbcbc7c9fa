import { GatewayError } from '@modelgate/core';

/** DeepSeek's one finish reason beyond OpenAI's: it stopped because its servers ran short (PROTOCOLS G.2). */
const RESOURCE_SHORTAGE = 'insufficient_system_resource';

/**
 * An answer DeepSeek cut short for lack of resources is not the answer the client asked for: it
 * fails as a retryable 503 (kind `overloaded`) instead of passing an unknown finish reason on. In a
 * stream the text sent so far stays sent, and the stream ends with the error event.
 */
export function throwOnDeepSeekResourceShortage(finishReason: unknown): void {
  if (finishReason !== RESOURCE_SHORTAGE) return;
  throw new GatewayError({
    status: 503,
    kind: 'overloaded',
    type: 'server_error',
    code: RESOURCE_SHORTAGE,
    message: 'DeepSeek stopped the answer early because its servers are short of resources (finish_reason insufficient_system_resource); try again later.',
  });
}
