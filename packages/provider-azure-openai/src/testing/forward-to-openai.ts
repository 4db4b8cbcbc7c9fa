import type { ServerResponse } from 'node:http';

/** What Azure adds to a JSON answer, and to each JSON chunk of a stream (whose first chunk it may add before). */
export interface AzureAnnotations {
  readonly answer: (body: Record<string, unknown>) => void;
  readonly chunk: (chunk: Record<string, unknown>) => void;
  /** Written before the upstream's first event (Azure's prompt-filter chunk). */
  readonly openingEvents: readonly string[];
}

const FORWARDED_HEADERS = ['content-type', 'retry-after', 'x-ratelimit-remaining-requests', 'x-ratelimit-remaining-tokens'];

function annotatedEvent(event: string, annotate: (chunk: Record<string, unknown>) => void): string {
  if (!event.startsWith('data: ') || event === 'data: [DONE]') return event;
  try {
    const chunk = JSON.parse(event.slice(6)) as Record<string, unknown>;
    annotate(chunk);
    return `data: ${JSON.stringify(chunk)}`;
  } catch {
    return event; // a malformed event the inner simulator was told to send stays malformed
  }
}

/**
 * Sends a request Azure accepted to the OpenAI simulator behind it (which validates the body and
 * plays the scripted reply) and writes its answer back with Azure's annotations: a JSON body
 * annotated whole, an event stream event by event as it arrives, errors as they are.
 */
export async function forwardToOpenAi(target: string, body: unknown, response: ServerResponse, signal: AbortSignal, annotations: AzureAnnotations): Promise<void> {
  const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  const headers: Record<string, string> = { 'apim-request-id': crypto.randomUUID() };
  for (const name of FORWARDED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const type = upstream.headers.get('content-type') ?? '';
  if (!upstream.ok || !type.startsWith('text/event-stream')) {
    const text = await upstream.text();
    let out = text;
    if (upstream.ok && type.startsWith('application/json')) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      annotations.answer(parsed);
      out = JSON.stringify(parsed);
    }
    response.writeHead(upstream.status, headers);
    response.end(out);
    return;
  }
  response.writeHead(upstream.status, headers);
  for (const opening of annotations.openingEvents) response.write(`${opening}\n\n`);
  let pending = '';
  const decoder = new TextDecoder();
  for await (const piece of upstream.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(piece, { stream: true });
    const events = pending.split('\n\n');
    pending = events.pop()!;
    for (const event of events) response.write(`${annotatedEvent(event, annotations.chunk)}\n\n`);
  }
  response.end(pending);
}
