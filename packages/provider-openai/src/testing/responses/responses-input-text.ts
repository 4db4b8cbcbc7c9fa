import { isRecord } from '@modelgate/testkit';

type InputItem = Record<string, unknown>;

/** The text parts of a Responses `content`: the string itself, or its `input_text`/`output_text` parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** Everything in one input item a tokenizer would count. */
function itemText(item: InputItem): string {
  const fields = [item.arguments, item.input, item.output, item.encrypted_content].filter((value) => typeof value === 'string');
  return contentText(item.content) + fields.join('');
}

/** The input as a list of items: a bare string is one user message, as at OpenAI. */
export function inputItems(input: unknown): InputItem[] {
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  return Array.isArray(input) ? input.filter(isRecord) : [];
}

export function inputText(input: unknown): string {
  return inputItems(input).map(itemText).join('');
}

/** The text of the last user message, or '' when there is none. */
export function lastUserInputText(input: unknown): string {
  const last = inputItems(input).findLast((item) => item.role === 'user');
  return last === undefined ? '' : contentText(last.content);
}

/** Codex's in-band compaction request (PROTOCOLS C.3): the last input item is `{"type":"compaction_trigger"}`. */
export function endsWithCompactionTrigger(input: unknown): boolean {
  return inputItems(input).at(-1)?.type === 'compaction_trigger';
}

/** Everything the model reads: the instructions and the input, for the usage estimate. */
export function promptText(request: { instructions?: unknown; input?: unknown }): string {
  return `${typeof request.instructions === 'string' ? request.instructions : ''}${inputText(request.input)}`;
}
