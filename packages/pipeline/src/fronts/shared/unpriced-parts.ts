import type { AnthropicMessagesRequest, ChatCompletionRequest, ModelPricingV1, ResponsesRequest } from '@modelgate/core';
import { countedResponsesTool } from '../responses/responses-tool-calls.js';

/**
 * What in a request the vendor bills beyond the tokens its usage reports, or after the gateway has
 * answered: the gateway cannot price it, so a key with a budget is refused it (the request gate).
 * Each returns a phrase for the refusal, or undefined.
 */

const PRIORITY_TIER = 'the priority tier (`service_tier: priority`), billed above the model\'s prices';

/**
 * OpenAI's server-side tools with a fee per call or per session beyond the tokens (web search,
 * file search, Code Interpreter containers, image generation at the image model's prices). `mcp`
 * and `computer_use_preview` bill only tokens, which the usage reports. On Responses, web and file
 * search calls are counted in the answer, so a model whose pricing names them prices them.
 */
function isOpenAiBilledTool(type: string, counted?: { pricing: ModelPricingV1 | undefined }): boolean {
  const tool = counted && countedResponsesTool(type);
  if (tool) return counted.pricing?.toolCalls?.[tool] === undefined;
  return type.startsWith('web_search') || type === 'file_search' || type === 'code_interpreter' || type === 'image_generation';
}

/**
 * Anthropic's server tools with a fee beyond the tokens: web search per search (counted in the
 * usage's `server_tool_use.web_search_requests`, so priced by the model's `toolCalls.web_search`),
 * code execution per container hour (priced by nothing). `web_fetch` bills only tokens.
 */
function isAnthropicBilledTool(type: string, pricing: ModelPricingV1 | undefined): boolean {
  if (type.startsWith('web_search_')) return pricing?.toolCalls?.web_search === undefined;
  return type.startsWith('code_execution_');
}

function billedTool(tools: unknown, isBilled: (type: string) => boolean): string | undefined {
  if (!Array.isArray(tools)) return undefined;
  for (const tool of tools as Array<{ type?: unknown }>) {
    if (typeof tool?.type === 'string' && isBilled(tool.type)) return `the server-side tool '${tool.type}', which the vendor bills beyond the tokens its usage reports`;
  }
  return undefined;
}

export function unpricedResponsesPart(request: ResponsesRequest, pricing: ModelPricingV1 | undefined): string | undefined {
  if (request.background === true) return 'a background response (`background: true`), which the vendor bills when it completes, after the gateway has answered';
  if (request.service_tier === 'priority') return PRIORITY_TIER;
  return billedTool(request.tools, (type) => isOpenAiBilledTool(type, { pricing }));
}

export function unpricedChatPart(request: ChatCompletionRequest): string | undefined {
  if (request.service_tier === 'priority') return PRIORITY_TIER;
  if (request.web_search_options !== undefined) return 'web search (`web_search_options`), which the vendor bills per call beyond the tokens its usage reports';
  return billedTool(request.tools, (type) => isOpenAiBilledTool(type));
}

export function unpricedMessagesPart(request: AnthropicMessagesRequest, pricing: ModelPricingV1 | undefined): string | undefined {
  return billedTool(request.tools, (type) => isAnthropicBilledTool(type, pricing));
}
