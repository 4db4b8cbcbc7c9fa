import type { RequestSpec } from '../scenarios.js';

/** One request before loading a scenario: anything but a 200 makes it a skip, with the reason. */
export async function checkRequest(request: RequestSpec): Promise<string | undefined> {
  try {
    const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
    const text = await response.text();
    if (response.status === 200) return undefined;
    return `skipped: HTTP ${response.status} ${text.slice(0, 160).replace(/\s+/g, ' ')}`;
  } catch (error) {
    return `skipped: ${(error as Error).message}`;
  }
}
