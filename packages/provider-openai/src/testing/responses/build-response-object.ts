import type { ResponseObject, ResponsesRequest, ResponsesUsage } from '@modelgate/core';
import { randomToken } from '@modelgate/testkit';
import type { OutputItem } from './plan-response-output.js';

/** What stays the same for one response while it is streamed: id, model, creation time and the echoed settings. */
export interface ResponseIdentity {
  id: string;
  createdAt: number;
  request: ResponsesRequest;
}

export function newResponseIdentity(request: ResponsesRequest): ResponseIdentity {
  return { id: `resp_${randomToken()}`, createdAt: Math.floor(Date.now() / 1000), request };
}

export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

export interface ResponseState {
  status: ResponseStatus;
  output: OutputItem[];
  usage: ResponsesUsage | null;
  error?: { code: string; message: string };
  incompleteReason?: string;
}

/** The response object (PROTOCOLS B.2), echoing the request's settings the way OpenAI does. */
export function buildResponseObject(identity: ResponseIdentity, state: ResponseState): ResponseObject {
  const { request } = identity;
  return {
    id: identity.id,
    object: 'response',
    created_at: identity.createdAt,
    status: state.status,
    ...(state.status === 'completed' ? { completed_at: Math.floor(Date.now() / 1000) } : {}),
    error: state.error ?? null,
    incomplete_details: state.incompleteReason ? { reason: state.incompleteReason } : null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    model: request.model,
    output: state.output,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: request.previous_response_id ?? null,
    reasoning: request.reasoning ?? { effort: null, summary: null },
    store: request.store ?? true,
    temperature: request.temperature ?? 1,
    text: request.text ?? { format: { type: 'text' } },
    tool_choice: request.tool_choice ?? 'auto',
    tools: request.tools ?? [],
    top_p: request.top_p ?? 1,
    truncation: request.truncation ?? 'disabled',
    usage: state.usage,
    metadata: request.metadata ?? {},
  };
}
