import { applyParameterPolicy, invalidRequest, unsupportedParameter, type CallContextV1, type ChatCompletionRequest } from '@modelgate/core';
import type { ConverseRequest, ConverseTool, ConverseToolChoice } from './converse-api-types.js';
import { CONVERSE_PARAMETER_MAP } from './converse-parameter-map.js';
import { convertToConverseMessages } from './convert-to-converse-messages.js';

/** The `format` of the reasoning details one model mints, so that only that model gets them back. */
export function converseReasoningFormat(upstreamModel: string): string {
  return `bedrock-converse-v1:${upstreamModel}`;
}

function converseTools(request: ChatCompletionRequest): ConverseTool[] {
  return (request.tools ?? []).map((tool, index) => {
    if (tool.type !== 'function') throw unsupportedParameter(`tools[${index}]`, "Bedrock Converse takes function tools only; custom tools are not translated.");
    const { name, description, parameters, strict } = tool.function;
    // `strict` asks Bedrock's structured outputs to hold the input to the schema (strict tool use).
    return { toolSpec: { name, ...(description ? { description } : {}), inputSchema: { json: parameters ?? { type: 'object', properties: {} } }, ...(strict === true ? { strict: true } : {}) } };
  });
}

function converseToolChoice(choice: ChatCompletionRequest['tool_choice']): ConverseToolChoice | undefined {
  if (choice === undefined || choice === null || choice === 'auto') return choice === 'auto' ? { auto: {} } : undefined;
  if (choice === 'required') return { any: {} };
  if (choice === 'none') throw unsupportedParameter('tool_choice', "Bedrock Converse has no 'none' tool choice; leave the tools out instead.");
  if (choice.type === 'function') return { tool: { name: choice.function.name } };
  throw unsupportedParameter('tool_choice', 'Bedrock Converse takes auto, required or a named function.');
}

function outputConfig(format: ChatCompletionRequest['response_format']): ConverseRequest['outputConfig'] {
  if (!format || format.type === 'text') return undefined;
  if (format.type !== 'json_schema') throw unsupportedParameter('response_format', "Bedrock Converse enforces a JSON schema (type 'json_schema'); 'json_object' has no equivalent.");
  const { name, description, schema } = format.json_schema;
  return { textFormat: { type: 'json_schema', structure: { jsonSchema: { schema: JSON.stringify(schema ?? {}), ...(name ? { name } : {}), ...(description ? { description } : {}) } } } };
}

/** `/v1/chat/completions` → a Converse body (PROTOCOLS J.3); the model travels in the URL. */
export function convertToConverseRequest(input: ChatCompletionRequest, call: CallContextV1, defaultMaxTokens: number | undefined): ConverseRequest {
  const request = applyParameterPolicy(input, CONVERSE_PARAMETER_MAP, { vendorName: 'Bedrock Converse', handling: 'reject', warn: call.warn });
  const { system, messages } = convertToConverseMessages(request.messages, converseReasoningFormat(call.upstreamModel));
  if (messages.length === 0) throw invalidRequest('Bedrock Converse needs at least one user or assistant message.', 'messages');
  const maxTokens = request.max_completion_tokens ?? request.max_tokens ?? defaultMaxTokens;
  const stop = typeof request.stop === 'string' ? [request.stop] : request.stop;
  const inference = {
    ...(maxTokens != null ? { maxTokens } : {}),
    ...(request.temperature != null ? { temperature: request.temperature } : {}),
    ...(request.top_p != null ? { topP: request.top_p } : {}),
    ...(stop && stop.length > 0 ? { stopSequences: stop } : {}),
  };
  const tools = converseTools(request);
  const toolChoice = converseToolChoice(request.tool_choice);
  const output = outputConfig(request.response_format);
  return {
    messages,
    ...(system.length > 0 ? { system } : {}),
    ...(Object.keys(inference).length > 0 ? { inferenceConfig: inference } : {}),
    ...(tools.length > 0 ? { toolConfig: { tools, ...(toolChoice ? { toolChoice } : {}) } } : {}),
    ...(output ? { outputConfig: output } : {}),
  };
}
