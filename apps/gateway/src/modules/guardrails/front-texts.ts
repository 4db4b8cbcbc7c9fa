/**
 * Where each front's requests and answers carry text, keyed by the gateway's endpoint name (the
 * front operation's key scope). A front added to the gateway adds its line here: the top-level
 * fields that hold its prompt and its answer. Under them, every string held by a text-bearing key
 * (`content`, `text`, …) is a text; ids, roles, types, images and signatures are not.
 */
export interface FrontTextFields {
  readonly request: readonly string[];
  /** A whole answer's fields; absent for a front whose answers carry no text (embeddings). */
  readonly answer?: readonly string[];
}

export const FRONT_TEXT_FIELDS: Readonly<Record<string, FrontTextFields>> = {
  chat: { request: ['messages'], answer: ['choices'] },
  responses: { request: ['instructions', 'input'], answer: ['output'] },
  compact: { request: ['instructions', 'input'], answer: ['output'] },
  messages: { request: ['system', 'messages'], answer: ['content'] },
  count_tokens: { request: ['system', 'messages'] },
  input_tokens: { request: ['instructions', 'input'] },
  embeddings: { request: ['input'] },
  // The Gemini front (contents[].parts[].text, systemInstruction.parts[].text; countTokens may wrap a whole request).
  generate_content: { request: ['systemInstruction', 'contents'], answer: ['candidates'] },
  gemini_count_tokens: { request: ['contents', 'generateContentRequest'] },
  embed_content: { request: ['content', 'requests'] },
};

/** The keys whose string values (or arrays of strings) are text a person or a model wrote. */
const TEXT_KEYS = new Set(['content', 'text', 'input', 'instructions', 'system', 'arguments', 'output', 'refusal', 'thinking', 'partial_json']);

type Visit = (text: string) => string;

function walk(value: unknown, textual: boolean, visit: Visit): unknown {
  if (typeof value === 'string') return textual ? visit(value) : value;
  if (Array.isArray(value)) return value.map((item) => walk(item, textual, visit));
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = walk(item, TEXT_KEYS.has(key), visit);
    return copy;
  }
  return value;
}

/** Visits the texts under the given top-level fields in order; returns the object with each replaced by what `visit` returned. */
export function mapTexts<Body extends object>(body: Body, fields: readonly string[], visit: Visit): Body {
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) if (field in copy) copy[field] = walk(copy[field], true, visit);
  return copy as Body;
}

export function collectTexts(body: object, fields: readonly string[]): string[] {
  const texts: string[] = [];
  mapTexts(body, fields, (text) => {
    texts.push(text);
    return text;
  });
  return texts;
}

/** The body with its texts (in collectTexts' order) replaced by `texts`. */
export function replaceTexts<Body extends object>(body: Body, fields: readonly string[], texts: readonly string[]): Body {
  let index = 0;
  return mapTexts(body, fields, (text) => texts[index++] ?? text);
}

/** Every text in a JSON value, whatever its fields (a stream event's done-text or final object). */
export function mapAllTexts(value: unknown, visit: Visit): unknown {
  return walk(value, false, visit);
}
