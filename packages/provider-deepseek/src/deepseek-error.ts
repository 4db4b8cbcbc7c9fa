import { GatewayError, openAiCompatibleError, type UpstreamFailureV1 } from '@modelgate/core';

/**
 * DeepSeek's errors in OpenAI's envelope (PROTOCOLS G.2), where they differ from OpenAI's mapping:
 * 402 Insufficient Balance is `insufficient_quota` (kept as 402, which clients do not retry, rather
 * than OpenAI's 429); 422 (invalid parameters) is a 400 as OpenAI sends it. Everything else takes
 * the OpenAI mapping (`undefined`).
 */
export function deepSeekError(failure: UpstreamFailureV1): GatewayError | undefined {
  if (failure.status !== 402 && failure.status !== 422) return undefined;
  const upstream = openAiCompatibleError(failure, 'DeepSeek');
  if (failure.status === 422) {
    return new GatewayError({ status: 400, kind: 'invalid_request', message: upstream.message, param: upstream.param, code: upstream.code, headers: upstream.headers });
  }
  return new GatewayError({
    status: 402,
    kind: 'insufficient_quota',
    type: 'insufficient_quota',
    code: 'insufficient_quota',
    message: 'Insufficient Balance: the DeepSeek account behind this gateway is out of credit.',
    headers: upstream.headers,
  });
}
