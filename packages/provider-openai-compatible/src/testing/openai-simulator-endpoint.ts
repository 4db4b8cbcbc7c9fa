import type { ServerResponse } from 'node:http';
import type { RecordedRequest, SimulatorFault } from '@modelgate/testkit';
import type { OpenAiProblem } from './openai-errors.js';

/** What the simulator hands an added endpoint for one request. */
export interface OpenAiSimulatorExchange {
  readonly request: RecordedRequest;
  readonly response: ServerResponse;
  readonly signal: AbortSignal;
  readonly headers: Record<string, string>;
  /** The fault this request took from the simulator's queue, if any. */
  readonly fault: SimulatorFault | undefined;
  /** The problem to answer instead (a model the simulator does not serve), checked after validation. */
  readonly modelProblem: (model: string) => OpenAiProblem | undefined;
  readonly sendProblem: (problem: OpenAiProblem) => void;
}

/**
 * An endpoint served next to Chat Completions and the model list, behind the same key check and
 * fault queue: how a vendor's simulator adds its own API (`@modelgate/provider-openai/testing`
 * adds the Responses API). One on `POST /v1/chat/completions` replaces the built-in chat (a
 * vendor's own dialect of it; the chat building blocks are exported for it).
 */
export interface OpenAiSimulatorEndpoint {
  readonly method: string;
  /** The exact path, e.g. `/v1/responses`, or a pattern the whole path matches (`/^\/v1\/responses\/([^/]+)$/`). */
  readonly path: string | RegExp;
  answer(exchange: OpenAiSimulatorExchange): Promise<void>;
}
