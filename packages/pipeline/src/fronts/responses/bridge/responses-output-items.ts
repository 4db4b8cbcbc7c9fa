import { randomBytes } from 'node:crypto';
import type { CompletionUsage, ExtraContent, FinishReason, ReasoningDetail } from '@modelgate/core';
import { responsesUsageFromCompletion } from '../responses-usage.js';
import type { BridgedResponsesRequest } from './bridged-responses-request.js';
import { CUSTOM_TOOL_ARGUMENT } from './convert-responses-tools.js';
import { encodeMinted } from './minted-reasoning.js';

export type OutputItem = Record<string, unknown> & { readonly type: string; readonly id: string };

/** An id as OpenAI shapes them (PROTOCOLS B.2): its prefix and 24 random hex digits; clients treat them as opaque. */
export function mintItemId(prefix: 'resp' | 'msg' | 'rs' | 'fc' | 'ctc' | 'cmp'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** What every item and the response of one bridged answer share. */
export interface BridgedAnswerContext {
  readonly request: BridgedResponsesRequest;
  readonly responseId: string;
  readonly createdAt: number;
  /** The deployment answering, whose carried reasoning items name it. */
  readonly minter: string;
  /** `reasoning.summary` was asked for: the reasoning text is shown as summary parts. */
  readonly showSummary: boolean;
  /** `include: ["reasoning.encrypted_content"]`: reasoning items carry what the next turn needs. */
  readonly includeEncrypted: boolean;
  readonly customToolNames: ReadonlySet<string>;
}

export function createAnswerContext(request: BridgedResponsesRequest, minter: string, customToolNames: ReadonlySet<string>): BridgedAnswerContext {
  const summary = request.reasoning?.summary;
  return {
    request,
    responseId: mintItemId('resp'),
    createdAt: Math.floor(Date.now() / 1000),
    minter,
    showSummary: summary === 'auto' || summary === 'concise' || summary === 'detailed',
    includeEncrypted: request.include?.includes('reasoning.encrypted_content') === true,
    customToolNames,
  };
}

/** Reasoning the next turn needs: its text and details for the deployment, or a call's vendor data. */
export interface ReasoningContent {
  readonly text?: string;
  readonly details?: readonly ReasoningDetail[];
  readonly call?: { readonly id: string; readonly extraContent: ExtraContent };
}

/** A finished reasoning item: the text as one summary part when summaries were asked for; what it carries, when included. */
export function reasoningItem(context: BridgedAnswerContext, id: string, content: ReasoningContent): OutputItem {
  const text = content.text ?? '';
  const summary = context.showSummary && text !== '' ? [{ type: 'summary_text', text }] : [];
  const carried = { ...(text !== '' && { text }), ...(content.details && content.details.length > 0 && { details: content.details }), ...(content.call && { call: content.call }) };
  return { id, type: 'reasoning', summary, ...(context.includeEncrypted && { encrypted_content: encodeMinted({ minter: context.minter, ...carried }) }) };
}

export function messageItem(id: string, text: string, status: 'in_progress' | 'completed'): OutputItem {
  const content = status === 'completed' ? [{ type: 'output_text', text, annotations: [], logprobs: [] }] : [];
  return { id, type: 'message', status, role: 'assistant', content };
}

/** A custom tool's input: the one string argument its function form was called with (the raw text if the model sent other JSON). */
export function customInputOf(argumentsText: string): string {
  try {
    const parsed = JSON.parse(argumentsText) as Record<string, unknown> | null;
    const input = parsed?.[CUSTOM_TOOL_ARGUMENT];
    return typeof input === 'string' ? input : argumentsText;
  } catch {
    return argumentsText;
  }
}

/** A tool call as a `function_call` item, or a `custom_tool_call` item for a custom tool's name. */
export function callItem(context: BridgedAnswerContext, id: string, callId: string, name: string, argumentsText: string, status: 'in_progress' | 'completed'): OutputItem {
  const done = status === 'completed';
  if (context.customToolNames.has(name)) return { id, type: 'custom_tool_call', status, call_id: callId, name, input: done ? customInputOf(argumentsText) : '' };
  return { id, type: 'function_call', status, call_id: callId, name, arguments: done ? argumentsText || '{}' : '' };
}

/** How an answer ended, as a response's status (PROTOCOLS B.2, F.7 read for Responses). */
export function statusOf(finish: FinishReason | null | undefined): { status: 'completed' | 'incomplete'; incomplete_details: { reason: string } | null } {
  if (finish === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finish === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/**
 * The response object (PROTOCOLS B.2): the request's settings echoed as OpenAI echoes them, the
 * output items, and the usage (null until the answer is complete).
 */
export function responseObject(
  context: BridgedAnswerContext,
  state: { status: string; output: readonly OutputItem[]; usage?: CompletionUsage; incomplete_details?: { reason: string } | null },
): Record<string, unknown> {
  const { request } = context;
  const finished = state.status !== 'in_progress';
  return {
    id: context.responseId,
    object: 'response',
    created_at: context.createdAt,
    status: state.status,
    background: false,
    ...(state.status === 'completed' && { completed_at: Math.floor(Date.now() / 1000) }),
    error: null,
    incomplete_details: state.incomplete_details ?? null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    max_tool_calls: null,
    model: request.model,
    output: state.output,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    prompt_cache_key: request.prompt_cache_key ?? null,
    reasoning: { effort: request.reasoning?.effort ?? null, summary: request.reasoning?.summary ?? null },
    safety_identifier: request.safety_identifier ?? null,
    service_tier: 'default',
    store: false,
    temperature: request.temperature ?? 1,
    text: { format: request.text?.format ?? { type: 'text' }, verbosity: request.text?.verbosity ?? 'medium' },
    tool_choice: request.tool_choice ?? 'auto',
    tools: request.tools ?? [],
    top_logprobs: 0,
    top_p: request.top_p ?? 1,
    truncation: 'disabled',
    usage: finished ? responsesUsageFromCompletion(state.usage) : null,
    user: request.user ?? null,
    metadata: request.metadata ?? {},
  };
}
