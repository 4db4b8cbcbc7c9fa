import { randomToken } from '@modelgate/testkit';
import { inputItems } from './responses-input-text.js';

/**
 * A request's input as OpenAI lists it later (`GET /v1/responses/{id}/input_items`): every item
 * with an id (a bare string becomes a user message with one `input_text` part).
 */
export function storedInputItems(input: unknown): Record<string, unknown>[] {
  return inputItems(input).map((item) => {
    const content = typeof item.content === 'string' ? [{ type: 'input_text', text: item.content }] : item.content;
    const id = typeof item.id === 'string' ? item.id : `msg_${randomToken()}`;
    return item.type === 'message' || item.type === undefined ? { id, type: 'message', status: 'completed', ...item, content } : { id, ...item };
  });
}
