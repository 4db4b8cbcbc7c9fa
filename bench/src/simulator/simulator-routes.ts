import { ANTHROPIC_MESSAGE_JSON, ANTHROPIC_MESSAGE_OPENING, ANTHROPIC_MESSAGE_STREAM } from './anthropic-canned-bodies.js';
import { GEMINI_GENERATE_JSON, GEMINI_OPENING, GEMINI_STREAM } from './gemini-canned-bodies.js';
import { ANTHROPIC_LONG_STREAM, OPENAI_LONG_STREAM, type LongStream } from './long-stream-bodies.js';
import { OPENAI_CHAT_JSON, OPENAI_CHAT_OPENING, OPENAI_CHAT_STREAM } from './openai-canned-bodies.js';
import { RESPONSES_JSON, RESPONSES_OPENING, RESPONSES_STREAM } from './responses-canned-bodies.js';

/** A request whose body (or, for Gemini, path) names this model gets a stream that stays open after its first text delta. */
export const HOLD_MODEL = 'bench-hold';

/** A stream request naming this model gets the long stream (2,000 text deltas) where the endpoint has one. */
export const LONG_MODEL = 'bench-long';

/**
 * A path under this prefix always gets 503 (an OpenAI error envelope): a provider instance whose
 * base URL starts with it is a deployment that is always down, for the retry measurement.
 */
export const ALWAYS_503_PREFIX = '/always-503';

/** `GET` here answers the hits counted so far, as JSON: which vendor endpoints really were called. */
export const HITS_PATH = '/bench/hits';

export type SimulatorEndpoint = 'openai-chat' | 'anthropic-messages' | 'openai-responses' | 'gemini-generate' | 'gemini-stream' | 'always-503';

/** Which answer a request got: the whole canned one, the held stream, or the long stream. */
export type AnswerVariant = 'normal' | 'hold' | 'long';

/** The canned answers of one endpoint, encoded once. */
export interface CannedRoute {
  readonly endpoint: SimulatorEndpoint;
  readonly json: Buffer;
  readonly stream: Buffer;
  /** What a held stream sends before it goes quiet: its opening events through the first text delta. */
  readonly opening: Buffer;
  /** The long stream; absent where the endpoint has none. */
  readonly longStream?: LongStream;
  /** Gemini's streaming endpoint always streams (its bodies have no `stream` flag); the others stream on `"stream":true`. */
  readonly alwaysStreams?: boolean;
}

function route(endpoint: SimulatorEndpoint, json: string, stream: string, opening: string, extra: Partial<CannedRoute> = {}): CannedRoute {
  return { endpoint, json: Buffer.from(json), stream: Buffer.from(stream), opening: Buffer.from(opening), ...extra };
}

const CHAT = route('openai-chat', OPENAI_CHAT_JSON, OPENAI_CHAT_STREAM, OPENAI_CHAT_OPENING, { longStream: OPENAI_LONG_STREAM });
const MESSAGES = route('anthropic-messages', ANTHROPIC_MESSAGE_JSON, ANTHROPIC_MESSAGE_STREAM, ANTHROPIC_MESSAGE_OPENING, { longStream: ANTHROPIC_LONG_STREAM });
const RESPONSES = route('openai-responses', RESPONSES_JSON, RESPONSES_STREAM, RESPONSES_OPENING);
const GEMINI_GENERATE = route('gemini-generate', GEMINI_GENERATE_JSON, GEMINI_STREAM, GEMINI_OPENING);
const GEMINI_STREAMING = route('gemini-stream', GEMINI_GENERATE_JSON, GEMINI_STREAM, GEMINI_OPENING, { alwaysStreams: true });

/**
 * By the end of the path (its query aside), so any base-URL prefix works: `/v1/chat/completions`,
 * `/v1/messages`, `/v1/responses`, `/v1beta/models/{model}:generateContent` and
 * `…:streamGenerateContent` (Gemini's SSE framing whether or not `alt=sse` is asked for).
 */
export function findCannedRoute(url: string): CannedRoute | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path.endsWith('/chat/completions')) return CHAT;
  if (path.endsWith('/messages')) return MESSAGES;
  if (path.endsWith('/responses')) return RESPONSES;
  if (path.endsWith(':generateContent')) return GEMINI_GENERATE;
  if (path.endsWith(':streamGenerateContent')) return GEMINI_STREAMING;
  return undefined;
}

/** The key a request is counted under in the hits: its endpoint, and its variant unless normal. */
export function hitKey(endpoint: SimulatorEndpoint, variant: AnswerVariant): string {
  return variant === 'normal' ? endpoint : `${endpoint} ${variant}`;
}
