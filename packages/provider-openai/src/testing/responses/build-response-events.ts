import { splitEvery, splitText } from '@modelgate/testkit';
import { buildResponseObject, type ResponseIdentity, type ResponseState } from './build-response-object.js';
import type { OutputItem } from './plan-response-output.js';

/** A stream event before it is numbered: its `type` and payload. */
export type ResponseEventBody = Record<string, unknown> & { type: string };

/** Argument and tool-input fragments are cut this small so even short ones arrive in several pieces. */
const FRAGMENT_LENGTH = 8;

function* messageEvents(item: OutputItem, outputIndex: number): Generator<ResponseEventBody> {
  const [part] = item.content as Array<{ text: string }>;
  const text = part?.text ?? '';
  const position = { item_id: item.id, output_index: outputIndex, content_index: 0 };
  yield { type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } };
  yield { type: 'response.content_part.added', ...position, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } };
  for (const delta of splitText(text)) yield { type: 'response.output_text.delta', ...position, delta, logprobs: [] };
  yield { type: 'response.output_text.done', ...position, text, logprobs: [] };
  yield { type: 'response.content_part.done', ...position, part };
}

function* reasoningEvents(item: OutputItem, outputIndex: number): Generator<ResponseEventBody> {
  const [part] = item.summary as Array<{ text: string }>;
  const text = part?.text ?? '';
  const position = { item_id: item.id, output_index: outputIndex, summary_index: 0 };
  yield { type: 'response.output_item.added', output_index: outputIndex, item: { id: item.id, type: 'reasoning', summary: [] } };
  yield { type: 'response.reasoning_summary_part.added', ...position, part: { type: 'summary_text', text: '' } };
  for (const delta of splitText(text)) yield { type: 'response.reasoning_summary_text.delta', ...position, delta };
  yield { type: 'response.reasoning_summary_text.done', ...position, text };
  yield { type: 'response.reasoning_summary_part.done', ...position, part: { type: 'summary_text', text } };
}

function* functionCallEvents(item: OutputItem, outputIndex: number): Generator<ResponseEventBody> {
  const position = { item_id: item.id, output_index: outputIndex };
  const argumentsText = item.arguments as string;
  yield { type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress', arguments: '' } };
  for (const delta of splitEvery(argumentsText, FRAGMENT_LENGTH)) yield { type: 'response.function_call_arguments.delta', ...position, delta };
  yield { type: 'response.function_call_arguments.done', ...position, name: item.name, arguments: argumentsText };
}

function* customToolCallEvents(item: OutputItem, outputIndex: number): Generator<ResponseEventBody> {
  const position = { item_id: item.id, output_index: outputIndex };
  const input = item.input as string;
  yield { type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress', input: '' } };
  for (const delta of splitEvery(input, FRAGMENT_LENGTH)) yield { type: 'response.custom_tool_call_input.delta', ...position, delta };
  yield { type: 'response.custom_tool_call_input.done', ...position, input };
}

/** A hosted web search: its item opens in progress, then `in_progress`, `searching` and `completed` events (PROTOCOLS B.3). */
function* webSearchCallEvents(item: OutputItem, outputIndex: number): Generator<ResponseEventBody> {
  const position = { item_id: item.id, output_index: outputIndex };
  yield { type: 'response.output_item.added', output_index: outputIndex, item: { id: item.id, type: 'web_search_call', status: 'in_progress' } };
  yield { type: 'response.web_search_call.in_progress', ...position };
  yield { type: 'response.web_search_call.searching', ...position };
  yield { type: 'response.web_search_call.completed', ...position };
}

/** The events that open and fill one item; `output_item.done` follows them. */
function itemBodyEvents(item: OutputItem, outputIndex: number): Iterable<ResponseEventBody> {
  switch (item.type) {
    case 'message':
      return messageEvents(item, outputIndex);
    case 'reasoning':
      return reasoningEvents(item, outputIndex);
    case 'function_call':
      return functionCallEvents(item, outputIndex);
    case 'custom_tool_call':
      return customToolCallEvents(item, outputIndex);
    case 'web_search_call':
      return webSearchCallEvents(item, outputIndex);
    default:
      return [{ type: 'response.output_item.added', output_index: outputIndex, item }];
  }
}

const TERMINAL_EVENT = { completed: 'response.completed', incomplete: 'response.incomplete', failed: 'response.failed' } as const;

/**
 * The full event sequence of one response (PROTOCOLS B.3): `response.created`, `response.in_progress`,
 * every item opened with `output_item.added` and closed with `output_item.done`, then the terminal
 * event carrying the final response with the same items and usage.
 */
export function* buildResponseEvents(identity: ResponseIdentity, final: ResponseState & { status: keyof typeof TERMINAL_EVENT }): Generator<ResponseEventBody> {
  const opening = buildResponseObject(identity, { status: 'in_progress', output: [], usage: null });
  yield { type: 'response.created', response: opening };
  yield { type: 'response.in_progress', response: opening };
  for (const [outputIndex, item] of final.output.entries()) {
    yield* itemBodyEvents(item, outputIndex);
    yield { type: 'response.output_item.done', output_index: outputIndex, item };
  }
  yield { type: TERMINAL_EVENT[final.status], response: buildResponseObject(identity, final) };
}
