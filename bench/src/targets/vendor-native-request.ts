import { HOLD_MODEL } from '../simulator/simulator-routes.js';
import { anthropicMessagesBody, chatCompletionBody, JSON_CONTENT, responsesBody, type RequestSpec, type Scenario } from '../scenarios.js';
import { NO_RETRY_ACROSS_DEPLOYMENTS, type Skipped } from './bench-target.js';

const ANTHROPIC_HEADERS = { ...JSON_CONTENT, 'x-api-key': 'sk-ant-bench', 'anthropic-version': '2023-06-01' };
const OPENAI_HEADERS = { ...JSON_CONTENT, authorization: 'Bearer sk-bench' };

/**
 * The request in the vendor's own protocol, as the gateway would send it upstream: what goes
 * straight to the simulator and through the bare proxy, which cannot translate.
 */
export function vendorNativeRequest(baseUrl: string, scenario: Scenario, hold = false): RequestSpec | Skipped {
  if (scenario.retryOf) return NO_RETRY_ACROSS_DEPLOYMENTS;
  switch (scenario.vendor) {
    case 'openai-chat':
      return { url: `${baseUrl}/v1/chat/completions`, headers: OPENAI_HEADERS, body: chatCompletionBody(hold ? HOLD_MODEL : 'gpt-bench', scenario.stream) };
    case 'anthropic-messages':
      return { url: `${baseUrl}/v1/messages`, headers: ANTHROPIC_HEADERS, body: anthropicMessagesBody(hold ? HOLD_MODEL : 'claude-bench', scenario.stream) };
    case 'openai-responses':
      return { url: `${baseUrl}/v1/responses`, headers: OPENAI_HEADERS, body: responsesBody(hold ? HOLD_MODEL : 'gpt-bench', scenario.stream) };
  }
}
