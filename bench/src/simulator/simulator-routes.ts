import { ANTHROPIC_FIRST_EVENT, ANTHROPIC_MESSAGE_JSON, ANTHROPIC_MESSAGE_STREAM } from './anthropic-canned-bodies.js';
import { OPENAI_CHAT_FIRST_EVENT, OPENAI_CHAT_JSON, OPENAI_CHAT_STREAM } from './openai-canned-bodies.js';
import { RESPONSES_FIRST_EVENT, RESPONSES_JSON, RESPONSES_STREAM } from './responses-canned-bodies.js';

/** A request whose body names this model gets a stream that stays open after its first event. */
export const HOLD_MODEL = 'bench-hold';

/**
 * A path under this prefix always gets 503 (an OpenAI error envelope): a provider instance whose
 * base URL starts with it is a deployment that is always down, for the retry measurement.
 */
export const ALWAYS_503_PREFIX = '/always-503';

/** The canned answers of one endpoint, encoded once. */
export interface CannedRoute {
  readonly json: Buffer;
  readonly stream: Buffer;
  /** What a held stream sends before it goes quiet. */
  readonly firstEvent: Buffer;
}

function route(json: string, stream: string, firstEvent: string): CannedRoute {
  return { json: Buffer.from(json), stream: Buffer.from(stream), firstEvent: Buffer.from(firstEvent) };
}

const CHAT = route(OPENAI_CHAT_JSON, OPENAI_CHAT_STREAM, OPENAI_CHAT_FIRST_EVENT);
const MESSAGES = route(ANTHROPIC_MESSAGE_JSON, ANTHROPIC_MESSAGE_STREAM, ANTHROPIC_FIRST_EVENT);
const RESPONSES = route(RESPONSES_JSON, RESPONSES_STREAM, RESPONSES_FIRST_EVENT);

/** By the end of the path, so any base-URL prefix works. */
export function findCannedRoute(path: string): CannedRoute | undefined {
  if (path.endsWith('/chat/completions')) return CHAT;
  if (path.endsWith('/messages')) return MESSAGES;
  if (path.endsWith('/responses')) return RESPONSES;
  return undefined;
}
