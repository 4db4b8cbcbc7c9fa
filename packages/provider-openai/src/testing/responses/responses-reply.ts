import type { ScriptedUsage } from '@modelgate/provider-openai-compatible/testing';

/** One output item the simulated model produces; ids and `call_id`s default to fresh ones. */
export type ScriptedOutputItem =
  | { type: 'message'; text: string }
  /** A reasoning item; `encryptedContent` is sent only when the request includes `reasoning.encrypted_content`. */
  | { type: 'reasoning'; summary: string; encryptedContent?: string }
  | { type: 'function_call'; name: string; arguments: string; callId?: string }
  | { type: 'custom_tool_call'; name: string; input: string; callId?: string }
  /** A search the hosted web search tool ran (billed per call); the request must declare a `web_search*` tool. */
  | { type: 'web_search_call'; query: string };

/** A finished response with these output items. */
export interface ResponsesCompletedReply {
  kind: 'completed';
  items: ScriptedOutputItem[];
  usage?: ScriptedUsage;
}

/** A response cut short (`response.incomplete`), after the items it managed to produce. */
export interface ResponsesIncompleteReply {
  kind: 'incomplete';
  reason: 'max_output_tokens' | 'content_filter';
  items?: ScriptedOutputItem[];
  usage?: ScriptedUsage;
}

/** A response that fails after it started (`response.failed`), e.g. with one of the codes Codex reads. */
export interface ResponsesFailedReply {
  kind: 'failed';
  code: string;
  message: string;
}

/** One scripted answer of `POST /v1/responses`. */
export type ResponsesReply = ResponsesCompletedReply | ResponsesIncompleteReply | ResponsesFailedReply;
