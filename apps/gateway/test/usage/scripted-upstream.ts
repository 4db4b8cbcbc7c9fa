import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-style upstream on 127.0.0.1 whose behaviour the request picks by its last message:
 * `hang` (never answers), `drip` (streams a word every 20 ms until the client goes), `held` (a JSON
 * answer once `release()` is called), `big:<n>` (a JSON answer of n characters), `usage:<json text>`
 * (a JSON answer, or a stream, whose `usage` is that text verbatim), anything else (a JSON answer).
 */
export interface ScriptedUpstream {
  /** e.g. `http://127.0.0.1:1234/v1`. */
  readonly baseUrl: string;
  /** The last message of every request that reached it, in order. */
  readonly received: string[];
  /** Resolves once a request with this last message has arrived. */
  arrival(message: string): Promise<void>;
  /** Answers the `held` requests. */
  release(): void;
  close(): Promise<void>;
}

const BASE = { id: 'chatcmpl-scripted', created: 1, model: 'gpt-4.1-mini' };
export const NORMAL_USAGE = '{"prompt_tokens":12,"completion_tokens":4,"total_tokens":16}';

/** `usage` is JSON text, spliced in as is: an upstream may send what JSON.stringify never would (1e999). */
function withUsage(body: object, usage: string): string {
  return `${JSON.stringify(body).slice(0, -1)},"usage":${usage}}`;
}

function answer(response: ServerResponse, content: string, usage = NORMAL_USAGE): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(withUsage({ ...BASE, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }, usage));
}

function chunk(delta: object): string {
  return `data: ${JSON.stringify({ ...BASE, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
}

function usageChunk(usage: string): string {
  return `data: ${withUsage({ ...BASE, object: 'chat.completion.chunk', choices: [] }, usage)}\n\n`;
}

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const received: string[] = [];
  const waiting: Array<{ message: string; resolve: () => void }> = [];
  const held: ServerResponse[] = [];
  let released = false;
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (piece) => (text += String(piece)));
    request.on('end', () => {
      const body = JSON.parse(text) as { stream?: boolean; messages: Array<{ content: string }> };
      const message = body.messages.at(-1)!.content;
      received.push(message);
      for (const waiter of waiting.filter((candidate) => candidate.message === message)) waiter.resolve();
      if (message === 'hang') return;
      if (message === 'held') {
        if (released) answer(response, 'held answer');
        else held.push(response);
        return;
      }
      if (message.startsWith('big:')) return answer(response, 'x'.repeat(Number(message.slice(4))));
      const usage = message.startsWith('usage:') ? message.slice(6) : NORMAL_USAGE;
      if (message === 'drip' || body.stream) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(chunk({ role: 'assistant', content: '' }));
        if (message !== 'drip') {
          response.end(`${chunk({ content: 'streamed answer' })}${usageChunk(usage)}data: [DONE]\n\n`);
          return;
        }
        let words = 0;
        const timer = setInterval(() => response.write(chunk({ content: `word${words++} ` })), 20);
        response.on('close', () => clearInterval(timer));
        return;
      }
      answer(response, 'a normal answer', usage);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    arrival: (message) =>
      received.includes(message) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ message, resolve })),
    release() {
      released = true;
      for (const response of held.splice(0)) answer(response, 'held answer');
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
