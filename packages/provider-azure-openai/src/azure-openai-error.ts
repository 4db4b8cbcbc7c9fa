import { GatewayError, openAiCompatibleError, parseFailureBody, type UpstreamFailureV1 } from '@modelgate/core';

interface AzureErrorBody {
  error?: { innererror?: { code?: unknown } };
}

/**
 * Azure's errors are OpenAI's envelope with Azure's codes (protocols-32 notes, Azure OpenAI):
 * `content_filter` (a 400 whose `innererror.code` is `ResponsibleAIPolicyViolation`, with
 * `innererror.content_filter_result` naming the categories), `DeploymentNotFound` (404), and bare
 * status numbers as codes (`"401"`, `"404"`, `"429"`), which the status maps. A filtered prompt is
 * `content_filter` even when only `innererror` says so.
 */
export function azureOpenAiError(failure: UpstreamFailureV1): GatewayError {
  const error = openAiCompatibleError(failure, 'Azure OpenAI');
  const inner = (parseFailureBody(failure) as AzureErrorBody | undefined)?.error?.innererror;
  if (inner?.code !== 'ResponsibleAIPolicyViolation' || error.kind === 'content_filter') return error;
  const { status, message, type, param, code, headers } = error;
  return new GatewayError({ status, message, type, param, code, headers, kind: 'content_filter' });
}
