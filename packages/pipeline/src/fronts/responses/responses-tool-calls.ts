/**
 * The Responses API's server-side tools whose calls OpenAI bills per call, by the name prices use
 * (`pricing.toolCalls`), and the output item each call leaves in the response.
 */
const CALL_ITEMS: ReadonlyArray<readonly [tool: string, item: string]> = [
  ['web_search', '"type":"web_search_call"'],
  ['file_search', '"type":"file_search_call"'],
];

/** The tool a declared Responses tool type is billed as (`web_search_preview` is `web_search`), if its calls are counted. */
export function countedResponsesTool(type: string): string | undefined {
  if (type.startsWith('web_search')) return 'web_search';
  return type === 'file_search' ? 'file_search' : undefined;
}

/**
 * Calls of counted tools in a response's JSON text (a whole answer, or the terminal event of a
 * stream), by tool; undefined with none. Each call is one output item, found by its `type` member
 * as OpenAI writes it (compact): inside a JSON string every `"` is escaped, and the `":"` of the
 * pattern is not, so text a model wrote (or arguments it passed) never counts.
 */
export function countResponsesToolCalls(text: string): Record<string, number> | undefined {
  let calls: Record<string, number> | undefined;
  for (const [tool, item] of CALL_ITEMS) {
    let count = 0;
    for (let at = text.indexOf(item); at >= 0; at = text.indexOf(item, at + item.length)) count++;
    if (count > 0) (calls ??= {})[tool] = count;
  }
  return calls;
}
