import { isRecord } from '@modelgate/testkit';
import { invalidAnthropicRequest, type AnthropicProblem } from './anthropic-errors.js';
import type { ThinkingLedger } from './thinking-ledger.js';
import { validateAnthropicRequest } from './validate-anthropic-request.js';

/** `/v1/messages/count_tokens` takes the body of `/v1/messages` without these (PROTOCOLS D.7). */
const NOT_COUNTED_FIELDS = ['max_tokens', 'stream'] as const;

/**
 * Checks a `count_tokens` body as Anthropic does: the Messages rules, but `max_tokens` and
 * `stream` are extra inputs here. Returns the answer's count (about four characters a token), or
 * the problem.
 */
export function countAnthropicTokens(body: unknown, ledger: ThinkingLedger): { readonly input_tokens: number } | AnthropicProblem {
  if (!isRecord(body)) return invalidAnthropicRequest('The request body is not valid JSON.');
  const extra = NOT_COUNTED_FIELDS.find((field) => field in body);
  if (extra) return invalidAnthropicRequest(`${extra}: Extra inputs are not permitted`);
  const budget = isRecord(body.thinking) && typeof body.thinking.budget_tokens === 'number' ? body.thinking.budget_tokens : 0;
  const problem = validateAnthropicRequest({ ...body, max_tokens: budget + 1 }, ledger);
  if (problem) return problem;
  const counted = JSON.stringify([body.system ?? '', body.messages, body.tools ?? []]).length;
  return { input_tokens: Math.max(1, Math.ceil(counted / 4)) };
}
