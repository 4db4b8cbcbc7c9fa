/**
 * How each front's stream events carry generated text, keyed by endpoint like FRONT_TEXT_FIELDS:
 * which events add text to a "lane" (a choice, a content block, an output part) and how to write
 * an event with other text. Events that carry no delta (finish, usage, done) end the held text.
 */
export interface TextDelta {
  readonly lane: string;
  readonly text: string;
  withText(text: string): unknown;
}

export type DeltaReader = (data: Record<string, unknown>) => TextDelta | undefined;

type Json = Record<string, unknown>;

/** OpenAI Chat: `choices[0].delta.content` (one choice per chunk). */
const chatDelta: DeltaReader = (data) => {
  const choices = data.choices as Json[] | undefined;
  const choice = choices?.length === 1 ? choices[0] : undefined;
  const delta = choice?.delta as Json | undefined;
  if (!choice || typeof delta?.content !== 'string') return undefined;
  return { lane: String(choice.index ?? 0), text: delta.content, withText: (text) => ({ ...data, choices: [{ ...choice, delta: { ...delta, content: text } }] }) };
};

/** OpenAI Responses: `response.output_text.delta` events (PROTOCOLS.md, Responses streaming). */
const responsesDelta: DeltaReader = (data) => {
  if (data.type !== 'response.output_text.delta' || typeof data.delta !== 'string') return undefined;
  return { lane: `${String(data.output_index)}:${String(data.content_index)}`, text: data.delta, withText: (text) => ({ ...data, delta: text }) };
};

/** Anthropic Messages: `content_block_delta` with a `text_delta`. */
const messagesDelta: DeltaReader = (data) => {
  const delta = data.delta as Json | undefined;
  if (data.type !== 'content_block_delta' || delta?.type !== 'text_delta' || typeof delta.text !== 'string') return undefined;
  return { lane: String(data.index), text: delta.text, withText: (text) => ({ ...data, delta: { ...delta, text } }) };
};

export const STREAM_TEXT_DELTAS: Readonly<Record<string, DeltaReader>> = {
  chat: chatDelta,
  responses: responsesDelta,
  messages: messagesDelta,
};
