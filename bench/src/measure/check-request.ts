import type { RequestSpec } from '../request-spec.js';

/**
 * One request before (or after) loading a scenario: why its answer would not do (not a 200,
 * without a header it must carry, or without the text that ends the canned answer), or undefined
 * when it does.
 */
export async function checkRequest(request: RequestSpec, expectedText?: string): Promise<string | undefined> {
  try {
    const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
    const text = await response.text();
    if (response.status !== 200) return `HTTP ${response.status} ${text.slice(0, 160).replace(/\s+/g, ' ')}`;
    const wrong = Object.entries(request.expectedHeaders ?? {}).find(([name, value]) => response.headers.get(name) !== value);
    if (wrong) return `the answer has ${wrong[0]}: ${response.headers.get(wrong[0]) ?? '(none)'}, not ${wrong[1]}`;
    if (expectedText !== undefined && !text.includes(expectedText)) return `the answer (${text.length} bytes) lacks '${expectedText}', the end of the canned answer`;
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** For a request whose answer proves what it measures (a retry happened): a sample that does not stops the bench. */
export async function requireExpectedAnswer(request: RequestSpec, what: string): Promise<void> {
  const problem = await checkRequest(request);
  if (problem !== undefined) throw new Error(`${what}: ${problem}; its figures would not mean what they say, so the bench stops`);
}
