import { isRecord } from '@modelgate/testkit';
import { invalidAnthropicRequest, type AnthropicProblem } from './anthropic-errors.js';
import type { SimulatedModelRules } from './anthropic-model-rules.js';
import type { ThinkingLedger } from './thinking-ledger.js';
import { blocksOf, type Block } from './validate-anthropic-blocks.js';

const THINKING_DOCS = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking';

/** Which `thinking.type` values the model refuses, in Anthropic's words where they are known. */
function checkThinkingType(type: unknown, rules: SimulatedModelRules): AnthropicProblem | undefined {
  if (type === 'enabled' && (rules.thinking === 'adaptive-only' || rules.thinking === 'always-on')) {
    return invalidAnthropicRequest('"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.');
  }
  if (type === 'disabled' && rules.thinking === 'always-on') return invalidAnthropicRequest('"thinking.type.disabled" is not supported for this model: its thinking is always on.');
  if (type === 'adaptive' && rules.thinking === 'budget') return invalidAnthropicRequest('"thinking.type.adaptive" is not supported for this model. Use "thinking.type.enabled" with "budget_tokens".');
  return undefined;
}

/** Every replayed thinking block must carry the signature Anthropic issued for exactly that text. */
function checkSignatures(messages: readonly Block[], ledger: ThinkingLedger): AnthropicProblem | undefined {
  for (const [index, message] of messages.entries()) {
    for (const [position, block] of blocksOf(message.content).entries()) {
      if (block.type === 'thinking' && !ledger.verifies(block.thinking, block.signature)) {
        return invalidAnthropicRequest(`messages.${index}.content.${position}: Invalid \`signature\` in \`thinking\` block`);
      }
      if (block.type === 'redacted_thinking' && !ledger.knowsRedacted(block.data)) {
        return invalidAnthropicRequest(`messages.${index}.content.${position}: Invalid \`data\` in \`redacted_thinking\` block`);
      }
    }
  }
  return undefined;
}

/**
 * The assistant message of the turn in progress: the one before a closing run of tool results, or
 * a final (prefill) assistant message. With budget thinking it must open with its thinking blocks.
 */
function currentAssistantIndex(messages: readonly Block[]): number {
  const last = messages.length - 1;
  if (messages[last]?.role === 'assistant') return last;
  const closesTools = blocksOf(messages[last]?.content).some((block) => block.type === 'tool_result');
  return closesTools ? last - 1 : -1;
}

function isThinkingBlock(block: Block | undefined): boolean {
  return block?.type === 'thinking' || block?.type === 'redacted_thinking';
}

function checkEnabledThinking(body: Record<string, unknown>, thinking: Record<string, unknown>, messages: readonly Block[]): AnthropicProblem | undefined {
  const budget = thinking.budget_tokens;
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1024) return invalidAnthropicRequest('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
  if (budget >= Number(body.max_tokens)) return invalidAnthropicRequest('`max_tokens` must be greater than `thinking.budget_tokens`.');
  const current = currentAssistantIndex(messages);
  const first = blocksOf(messages[current]?.content)[0];
  if (current >= 0 && !isThinkingBlock(first)) {
    return invalidAnthropicRequest(
      `messages.${current}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at ${THINKING_DOCS}`,
    );
  }
  return undefined;
}

/** What thinking forbids: changed sampling and forced tool use. */
function checkWhileThinking(body: Record<string, unknown>): AnthropicProblem | undefined {
  if (body.temperature !== undefined && body.temperature !== 1) return invalidAnthropicRequest('`temperature` may only be set to 1 when thinking is enabled.');
  if (body.top_k !== undefined) return invalidAnthropicRequest('`top_k` is not supported when thinking is enabled.');
  if (typeof body.top_p === 'number' && body.top_p < 0.95) return invalidAnthropicRequest('`top_p` must be between 0.95 and 1 when thinking is enabled.');
  if (isRecord(body.tool_choice) && (body.tool_choice.type === 'any' || body.tool_choice.type === 'tool')) {
    return invalidAnthropicRequest('Thinking may not be enabled when tool_choice forces tool use.');
  }
  return undefined;
}

function checkFinalWithoutThinking(messages: readonly Block[]): AnthropicProblem | undefined {
  const last = messages.length - 1;
  if (messages[last]?.role !== 'assistant') return undefined;
  const position = blocksOf(messages[last]!.content).findIndex(isThinkingBlock);
  if (position < 0) return undefined;
  return invalidAnthropicRequest(
    `messages.${last}.content.${position}: When thinking is disabled, an \`assistant\` message in the final position cannot contain \`thinking\`. To use thinking blocks, enable \`thinking\` in your request.`,
  );
}

/** The thinking rules for this body on a model with `rules`; signatures only when a ledger is given. */
export function checkThinking(body: Record<string, unknown>, rules: SimulatedModelRules, ledger?: ThinkingLedger): AnthropicProblem | undefined {
  const thinking = body.thinking;
  if (thinking !== undefined && (!isRecord(thinking) || !['enabled', 'disabled', 'adaptive'].includes(String(thinking.type)))) {
    return invalidAnthropicRequest("thinking: Input tag does not match any of the expected tags: 'enabled', 'disabled', 'adaptive'");
  }
  const type = isRecord(thinking) ? thinking.type : undefined;
  const messages = body.messages as Block[];
  const typeProblem = checkThinkingType(type, rules);
  if (typeProblem) return typeProblem;
  const signatureProblem = ledger ? checkSignatures(messages, ledger) : undefined;
  if (signatureProblem) return signatureProblem;
  const thinkingOn = type === 'enabled' || type === 'adaptive' || rules.thinking === 'always-on';
  if (!thinkingOn) return checkFinalWithoutThinking(messages);
  return (type === 'enabled' ? checkEnabledThinking(body, thinking as Record<string, unknown>, messages) : undefined) ?? checkWhileThinking(body);
}
