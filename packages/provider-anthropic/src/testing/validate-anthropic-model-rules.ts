import { isRecord } from '@modelgate/testkit';
import { invalidAnthropicRequest, type AnthropicProblem } from './anthropic-errors.js';
import type { SimulatedModelRules } from './anthropic-model-rules.js';
import { blocksOf, type Block } from './validate-anthropic-blocks.js';

// The rules that depend on the model: its output ceiling, the sampling parameters it takes,
// whether it accepts a prefill or a forced tool, and what a prefill may look like.

export function checkOutputCeiling(model: string, maxTokens: number, rules: SimulatedModelRules): AnthropicProblem | undefined {
  if (maxTokens <= rules.maxOutputTokens) return undefined;
  return invalidAnthropicRequest(`max_tokens: ${maxTokens} > ${rules.maxOutputTokens}, which is the maximum allowed number of output tokens for ${model}`);
}

export function checkSampling(body: Record<string, unknown>, rules: SimulatedModelRules): AnthropicProblem | undefined {
  if (rules.sampling === 'none') {
    const sent = ['temperature', 'top_p', 'top_k'].find((parameter) => body[parameter] !== undefined);
    return sent ? invalidAnthropicRequest(`\`${sent}\` is deprecated for this model.`) : undefined;
  }
  if (rules.sampling === 'one-of' && body.temperature !== undefined && body.top_p !== undefined) {
    return invalidAnthropicRequest('`temperature` and `top_p` cannot both be specified for this model. Please use only one.');
  }
  return undefined;
}

export function checkForcedToolChoice(body: Record<string, unknown>, rules: SimulatedModelRules): AnthropicProblem | undefined {
  const choice = body.tool_choice;
  if (rules.forcedToolChoice || !isRecord(choice) || (choice.type !== 'any' && choice.type !== 'tool')) return undefined;
  return invalidAnthropicRequest(`tool_choice.${String(choice.type)}: this model does not support forced tool use; use tool_choice 'auto' or 'none'.`);
}

function endsWithWhitespace(message: Block): boolean {
  if (typeof message.content === 'string') return message.content !== message.content.trimEnd();
  const last = blocksOf(message.content).at(-1);
  return last?.type === 'text' && typeof last.text === 'string' && last.text !== last.text.trimEnd();
}

/** A final assistant message continues the answer (a prefill): not on every model, not with structured outputs, never ending in whitespace. */
export function checkPrefill(body: Record<string, unknown>, rules: SimulatedModelRules): AnthropicProblem | undefined {
  const final = (body.messages as Block[]).at(-1);
  if (final?.role !== 'assistant') return undefined;
  if (!rules.prefill) return invalidAnthropicRequest('This model does not support assistant message prefill. The conversation must end with a user message.');
  if (isRecord(body.output_config) && body.output_config.format !== undefined) {
    return invalidAnthropicRequest('Prefilling the assistant message is not supported when using structured outputs (output_config.format).');
  }
  if (endsWithWhitespace(final)) return invalidAnthropicRequest('messages: final assistant content cannot end with trailing whitespace');
  return undefined;
}

/** At most four cache breakpoints per request, counted over system, tools and message blocks. */
export function checkCacheBreakpoints(body: Record<string, unknown>): AnthropicProblem | undefined {
  const blocks = [...blocksOf(body.system), ...blocksOf(body.tools), ...(body.messages as Block[]).flatMap((message) => blocksOf(message.content))];
  const found = blocks.filter((block) => block.cache_control !== undefined).length;
  return found > 4 ? invalidAnthropicRequest(`A maximum of 4 blocks with cache_control may be provided. Found ${found}.`) : undefined;
}
