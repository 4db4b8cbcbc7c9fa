import { isRecord } from '@modelgate/testkit';
import { invalidAnthropicRequest, type AnthropicProblem } from './anthropic-errors.js';
import { simulatedModelRules } from './anthropic-model-rules.js';
import { structuredOutputSchemaProblem } from './check-structured-output-schema.js';
import type { ThinkingLedger } from './thinking-ledger.js';
import { checkCacheControl, checkTextBlock } from './validate-anthropic-blocks.js';
import { checkMessages } from './validate-anthropic-messages.js';
import { checkCacheBreakpoints, checkForcedToolChoice, checkOutputCeiling, checkPrefill, checkSampling } from './validate-anthropic-model-rules.js';
import { checkThinking } from './validate-anthropic-thinking.js';

// Checks a `/v1/messages` body the way Anthropic does (PROTOCOLS D.2, D.3, I), with Anthropic's
// wording, so a translator that would fail in production fails the same way in tests.

// `safeguards`: Claude Code 2.1.328 sends it to api.anthropic.com on every turn of its interactive
// auto mode (its `dangerous_tool_use` classifier context), so Anthropic takes it.
const TOP_LEVEL_FIELDS = new Set([
  'model', 'max_tokens', 'messages', 'system', 'stop_sequences', 'temperature', 'top_p', 'top_k', 'metadata', 'stream',
  'tools', 'tool_choice', 'thinking', 'output_config', 'service_tier', 'cache_control', 'container', 'inference_geo',
  'context_management', 'mcp_servers', 'safeguards',
]);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;
const EFFORTS = new Set(['low', 'medium', 'high', 'xhigh', 'max']);

/** The server tool web search (`web_search_20250305`, `web_search_20260209`): named `web_search`, with its own options only (docs.anthropic.com, web search tool, 2025-05). */
const WEB_SEARCH_TOOL = /^web_search_\d{8}$/;
const WEB_SEARCH_FIELDS = new Set(['type', 'name', 'max_uses', 'allowed_domains', 'blocked_domains', 'user_location', 'cache_control', 'allowed_callers']);

function webSearchToolProblem(tool: Record<string, unknown>, path: string): AnthropicProblem | undefined {
  if (tool.name !== 'web_search') return invalidAnthropicRequest(`${path}.name: Input should be 'web_search'`);
  const extra = Object.keys(tool).find((key) => !WEB_SEARCH_FIELDS.has(key));
  return extra ? invalidAnthropicRequest(`${path}.${extra}: Extra inputs are not permitted`) : undefined;
}

function checkTools(body: Record<string, unknown>): AnthropicProblem | undefined {
  const tools = body.tools;
  const names = new Set<string>();
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return invalidAnthropicRequest('tools: Input should be a valid list');
    for (const [index, tool] of (tools as unknown[]).entries()) {
      if (isRecord(tool) && typeof tool.type === 'string' && WEB_SEARCH_TOOL.test(tool.type)) {
        const problem = webSearchToolProblem(tool, `tools.${index}.${tool.type}`);
        if (problem) return problem;
        continue;
      }
      if (!isRecord(tool) || typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
        return invalidAnthropicRequest(`tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
      }
      if (!isRecord(tool.input_schema) || tool.input_schema.type !== 'object') {
        return invalidAnthropicRequest(`tools.${index}.custom.input_schema.type: Input should be 'object'`);
      }
      // `defer_loading` is tool search's (Claude Code sends it on the tools it defers).
      const extra = Object.keys(tool).find((key) => !['name', 'description', 'input_schema', 'strict', 'cache_control', 'type', 'defer_loading'].includes(key));
      if (extra) return invalidAnthropicRequest(`tools.${index}.custom.${extra}: Extra inputs are not permitted`);
      const schemaProblem = tool.strict === true ? structuredOutputSchemaProblem(tool.input_schema) : undefined;
      if (schemaProblem) return invalidAnthropicRequest(`tools.${index}.custom.input_schema: ${schemaProblem}`);
      const cacheProblem = checkCacheControl(tool, `tools.${index}.custom`);
      if (cacheProblem) return cacheProblem;
      names.add(tool.name);
    }
  }
  const choice = body.tool_choice;
  if (choice === undefined) return undefined;
  if (!isRecord(choice) || !['auto', 'any', 'tool', 'none'].includes(String(choice.type))) {
    return invalidAnthropicRequest("tool_choice: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'");
  }
  if (choice.type === 'tool' && !names.has(String(choice.name))) return invalidAnthropicRequest(`tool_choice.tool.name: tool '${String(choice.name)}' not found in tools`);
  if ((choice.type === 'any' || choice.type === 'tool') && names.size === 0) return invalidAnthropicRequest('tool_choice: may only be specified while providing tools');
  if (choice.type === 'none' && 'disable_parallel_tool_use' in choice) return invalidAnthropicRequest('tool_choice.none.disable_parallel_tool_use: Extra inputs are not permitted');
  return undefined;
}

function checkSystem(system: unknown): AnthropicProblem | undefined {
  if (system === undefined || typeof system === 'string') return undefined;
  if (!Array.isArray(system)) return invalidAnthropicRequest('system: Input should be a valid string or list of text blocks');
  for (const [index, block] of (system as unknown[]).entries()) {
    if (!isRecord(block) || block.type !== 'text') return invalidAnthropicRequest(`system.${index}.type: Input should be 'text'`);
    const problem = checkTextBlock(block, `system.${index}`) ?? checkCacheControl(block, `system.${index}`);
    if (problem) return problem;
  }
  return undefined;
}

function checkOutputConfig(outputConfig: unknown): AnthropicProblem | undefined {
  if (outputConfig === undefined) return undefined;
  if (!isRecord(outputConfig)) return invalidAnthropicRequest('output_config: Input should be a valid dictionary');
  if (outputConfig.effort !== undefined && !EFFORTS.has(String(outputConfig.effort))) {
    return invalidAnthropicRequest("output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'");
  }
  const format = outputConfig.format;
  if (format === undefined) return undefined;
  if (!isRecord(format) || format.type !== 'json_schema' || !isRecord(format.schema)) {
    return invalidAnthropicRequest('output_config.format: Input should be {type: "json_schema", schema: {...}}');
  }
  const problem = structuredOutputSchemaProblem(format.schema);
  return problem ? invalidAnthropicRequest(`output_config.format.schema: ${problem}`) : undefined;
}

function checkScalars(body: Record<string, unknown>): AnthropicProblem | undefined {
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 1)) {
    return invalidAnthropicRequest('temperature: Input should be less than or equal to 1');
  }
  if (body.top_p !== undefined && (typeof body.top_p !== 'number' || body.top_p < 0 || body.top_p > 1)) return invalidAnthropicRequest('top_p: Input should be less than or equal to 1');
  if (body.stop_sequences !== undefined) {
    if (!Array.isArray(body.stop_sequences) || body.stop_sequences.some((sequence) => typeof sequence !== 'string')) {
      return invalidAnthropicRequest('stop_sequences: Input should be a valid list of strings');
    }
    if ((body.stop_sequences as string[]).some((sequence) => sequence.trim() === '')) return invalidAnthropicRequest('stop_sequences: each stop sequence must contain non-whitespace');
  }
  if (body.metadata !== undefined) {
    if (!isRecord(body.metadata)) return invalidAnthropicRequest('metadata: Input should be a valid dictionary');
    const extra = Object.keys(body.metadata).find((key) => key !== 'user_id');
    if (extra) return invalidAnthropicRequest(`metadata.${extra}: Extra inputs are not permitted`);
  }
  return checkSystem(body.system) ?? checkOutputConfig(body.output_config);
}

/**
 * The first problem Anthropic would report for this body, or undefined when it would accept it.
 * With a ledger, replayed thinking blocks must carry signatures the simulator issued.
 */
export function validateAnthropicRequest(body: unknown, ledger?: ThinkingLedger): AnthropicProblem | undefined {
  if (!isRecord(body)) return invalidAnthropicRequest('The request body is not valid JSON.');
  const extra = Object.keys(body).find((key) => !TOP_LEVEL_FIELDS.has(key));
  if (extra) return invalidAnthropicRequest(`${extra}: Extra inputs are not permitted`);
  if (typeof body.model !== 'string' || body.model === '') return invalidAnthropicRequest('model: Field required');
  if (body.max_tokens === undefined) return invalidAnthropicRequest('max_tokens: Field required');
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return invalidAnthropicRequest('max_tokens: Input should be a valid integer greater than or equal to 1');
  }
  const rules = simulatedModelRules(body.model);
  return (
    checkOutputCeiling(body.model, body.max_tokens, rules) ??
    checkMessages(body.messages, body.tools) ??
    checkScalars(body) ??
    checkSampling(body, rules) ??
    checkTools(body) ??
    checkForcedToolChoice(body, rules) ??
    checkThinking(body, rules, ledger) ??
    checkPrefill(body, rules) ??
    checkCacheBreakpoints(body)
  );
}
