import type { RequestSpec } from '../request-spec.js';
import type { Scenario } from '../scenarios.js';
import { HOLD_MODEL, LONG_MODEL } from '../simulator/simulator-routes.js';
import { NO_RESPONSE_CACHE, NO_RETRY_ACROSS_DEPLOYMENTS, type Skipped } from './bench-target.js';
import { anthropicMessagesBody, chatCompletionBody, geminiGenerateContentBody, JSON_CONTENT, responsesBody } from './request-bodies.js';

const ANTHROPIC_HEADERS = { ...JSON_CONTENT, 'x-api-key': 'sk-ant-bench', 'anthropic-version': '2023-06-01' };
const OPENAI_HEADERS = { ...JSON_CONTENT, authorization: 'Bearer sk-bench' };
const GEMINI_HEADERS = { ...JSON_CONTENT, 'x-goog-api-key': 'bench-google-key' };

/** The upstream model a vendor-native client names: the simulator's hold and long variants by name. */
function nativeModel(scenario: Scenario, hold: boolean, normal: string): string {
  if (hold) return HOLD_MODEL;
  return scenario.chunks ? LONG_MODEL : normal;
}

/**
 * The request in the vendor's own protocol, as the gateway would send it upstream: what goes
 * straight to the simulator and through the bare proxy, which cannot translate.
 */
export function vendorNativeRequest(baseUrl: string, scenario: Scenario, hold = false): RequestSpec | Skipped {
  if (scenario.retryOf) return NO_RETRY_ACROSS_DEPLOYMENTS;
  if (scenario.cacheHitOf) return NO_RESPONSE_CACHE;
  switch (scenario.vendor) {
    case 'openai-chat':
      return { url: `${baseUrl}/v1/chat/completions`, headers: OPENAI_HEADERS, body: chatCompletionBody(nativeModel(scenario, hold, 'gpt-bench'), scenario.stream) };
    case 'anthropic-messages':
      return { url: `${baseUrl}/v1/messages`, headers: ANTHROPIC_HEADERS, body: anthropicMessagesBody(nativeModel(scenario, hold, 'claude-bench'), scenario.stream) };
    case 'gemini': {
      const method = scenario.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
      return { url: `${baseUrl}/v1beta/models/${nativeModel(scenario, hold, 'gemini-bench')}:${method}`, headers: GEMINI_HEADERS, body: geminiGenerateContentBody() };
    }
    case 'openai-responses':
      return { url: `${baseUrl}/v1/responses`, headers: OPENAI_HEADERS, body: responsesBody(nativeModel(scenario, hold, 'gpt-bench'), scenario.stream) };
  }
}
