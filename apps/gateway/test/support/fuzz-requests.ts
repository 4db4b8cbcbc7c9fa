import { gzipSync } from 'node:zlib';
import { SeededChoices } from './seeded-choices.js';

/** A small seeded generator (mulberry32): the same seed gives the same requests, run after run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: Buffer;
}

export interface FuzzCredentials {
  readonly serviceKey: string;
  readonly adminToken: string;
  readonly models: readonly string[];
}

const METHODS = ['GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND'];
const PATHS = [
  '/v1/chat/completions', '/v1/responses', '/v1/responses/compact', '/v1/models', '/v1/models/gpt-test', '/v1/models/a%2Fb',
  '/v1/models/%E0%A4%A', '/health', '/catalog', '/admin/keys', '/admin/keys/nope', '/admin/keys/nope/rotate', '/admin/usage',
  '/admin/usage?group=model&from=abc', '/', '/v1', '/v2/chat/completions', '/V1/Chat/Completions', '/v1/chat/completions/',
  '//v1/models', '/v1/../admin/keys', '/%2e%2e/admin', '/v1/chat/completions?stream=true', '/favicon.ico', `/${'a'.repeat(3000)}`,
];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/vnd.api+json', '', 'application/json; charset=latin1'];
const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function', 'robot', ''];

export class FuzzRequestGenerator extends SeededChoices {
  constructor(
    random: () => number,
    private readonly credentials: FuzzCredentials,
  ) {
    super(random);
  }

  /** Half the requests are close to valid (right method and path, key and media type), to get past the front door. */
  next(): FuzzRequest {
    const plausible = this.chance(0.5);
    const method = plausible ? 'POST' : this.pick(METHODS);
    const path = plausible ? this.pick(['/v1/chat/completions', '/v1/chat/completions', '/v1/chat/completions', '/v1/responses', '/admin/keys']) : this.chance(0.1) ? this.mutatePath(this.pick(PATHS)) : this.pick(PATHS);
    const headers = plausible ? this.plausibleHeaders(path) : this.headers(path);
    const body = method === 'GET' || method === 'HEAD' ? (this.chance(0.05) ? Buffer.from('{}') : undefined) : this.body(path, headers, plausible);
    // Framed explicitly: Node's client sends a GET, HEAD or DELETE body unframed otherwise. Now and
    // then the declared length is wrong, as a broken or hostile client's would be.
    if (body !== undefined) headers['content-length'] = String(this.chance(0.01) ? body.length + 5 : body.length);
    return { method, path, headers, body };
  }

  private plausibleHeaders(path: string): Record<string, string> {
    const secret = path.startsWith('/admin') ? this.credentials.adminToken : this.credentials.serviceKey;
    const headers: Record<string, string> = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    if (this.chance(0.1)) headers['content-encoding'] = 'gzip';
    return headers;
  }

  private headers(path: string): Record<string, string> {
    const headers: Record<string, string> = {};
    const secret = path.startsWith('/admin') ? this.credentials.adminToken : this.credentials.serviceKey;
    const authorization = this.pick([
      `Bearer ${secret}`, `Bearer ${secret}`, `Bearer ${secret}`, `bearer ${secret}`, `Bearer  ${secret} `, `Basic ${Buffer.from(`x:${secret}`).toString('base64')}`,
      'Bearer', 'Bearer wrong', `Bearer ${secret}x`, `Bearer ${this.credentials.adminToken}`, '', `Bearer ${'\u00e9'.repeat(20)}`,
    ]);
    if (authorization) headers.authorization = authorization;
    const contentType = this.pick(CONTENT_TYPES);
    if (contentType) headers['content-type'] = contentType;
    if (this.chance(0.1)) headers['content-encoding'] = this.pick(['gzip', 'br', 'zstd', 'deflate', 'compress', 'identity', 'gzip, br']);
    if (this.chance(0.2)) headers['x-request-id'] = this.pick(['ok-id', '', 'a'.repeat(500), '../../etc/passwd', 'id with spaces', '\u00ff']);
    if (this.chance(0.05)) headers.accept = this.pick(['text/event-stream', '*/*', 'application/xml']);
    if (this.chance(0.05)) headers['anthropic-version'] = '2023-06-01';
    if (this.chance(0.03)) headers.upgrade = 'websocket';
    return headers;
  }

  private body(path: string, headers: Record<string, string>, plausible: boolean): Buffer {
    let text: string;
    const roll = plausible ? 1 : this.random();
    const mutate = (body: Record<string, unknown>) => (plausible && this.chance(0.6) ? body : this.mutate(body));
    if (roll < 0.05) text = '';
    else if (roll < 0.1) text = this.pick(['null', '[]', '"text"', '42', 'true', '{', '{"model":', '{"a":1}}', '\u0000', '{"model":"gpt-test",}']);
    else if (roll < 0.13) text = `${'['.repeat(this.integer(1, 400))}1`;
    else if (path.startsWith('/admin')) text = JSON.stringify(this.adminBody());
    else if (path.includes('responses')) text = JSON.stringify(mutate(this.responsesBody()));
    else text = JSON.stringify(mutate(this.chatBody(plausible)));
    if (this.chance(0.05)) text = text.slice(0, this.integer(0, text.length));
    const bytes = Buffer.from(text, 'utf8');
    if (headers['content-encoding'] === 'gzip' && this.chance(0.7)) return gzipSync(bytes);
    return bytes;
  }

  private chatBody(plausible: boolean): Record<string, unknown> {
    const messages = Array.from({ length: this.integer(plausible ? 1 : 0, 4) }, () => (plausible && this.chance(0.7) ? { role: 'user', content: this.pick(['hello', 'x'.repeat(300), '\u{1F600}']) } : this.message()));
    const body: Record<string, unknown> = { model: this.pick([...this.credentials.models, 'no-such-model', '', 'gpt-test ']), messages };
    if (this.chance(0.3)) body.stream = this.pick([true, false, 'yes', 1]);
    if (this.chance(0.2)) body.stream_options = this.pick([{ include_usage: true }, { include_usage: 'x' }, null]);
    if (this.chance(0.2)) body.max_tokens = this.pick([1, 16, 0, -5, 1e12, 3.5, '10']);
    if (this.chance(0.2)) body.temperature = this.pick([0, 0.7, 2, 3, -1, 'hot']);
    if (this.chance(0.1)) body.top_p = this.pick([0.5, 1, 2]);
    if (this.chance(0.15)) body.tools = this.pick([[{ type: 'function', function: { name: 'f', parameters: { type: 'object', properties: {} } } }], [{ type: 'function' }], 'tools', []]);
    if (this.chance(0.1)) body.tool_choice = this.pick(['auto', 'none', 'required', { type: 'function', function: { name: 'f' } }, 7]);
    if (this.chance(0.1)) body.response_format = this.pick([{ type: 'json_object' }, { type: 'json_schema', json_schema: { name: 's', schema: { type: 'object' } } }, { type: 'xml' }]);
    if (this.chance(0.1)) body.reasoning_effort = this.pick(['low', 'medium', 'high', 'extreme']);
    if (this.chance(0.1)) body.n = this.pick([1, 2, 0]);
    if (this.chance(0.1)) body.stop = this.pick(['\n', ['a', 'b'], 5]);
    if (this.chance(0.05)) body.unknown_field = this.value(3);
    return body;
  }

  private message(): Record<string, unknown> {
    const role = this.pick(ROLES);
    const message: Record<string, unknown> = { role };
    const content = this.pick<unknown>([
      'hello', '', `Unicode \u{1F600} \u0000 \ud800`, 'x'.repeat(this.integer(0, 2000)), null, 42,
      [{ type: 'text', text: 'part' }], [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }], [{ type: 'bogus' }],
    ]);
    if (this.chance(0.95)) message.content = content;
    if (role === 'tool' || this.chance(0.05)) message.tool_call_id = this.pick(['call_1', '', 7]);
    if (role === 'assistant' && this.chance(0.3)) message.tool_calls = [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: this.pick(['{}', '{bad', '']) } }];
    if (this.chance(0.05)) message.name = this.pick(['n', '', 'a b']);
    return message;
  }

  private responsesBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { model: this.pick([...this.credentials.models, 'nope']), input: this.pick<unknown>(['hi', [{ role: 'user', content: 'hi' }], [], 5, null]) };
    if (this.chance(0.3)) body.stream = this.pick([true, false]);
    if (this.chance(0.2)) body.instructions = this.pick(['be brief', 5]);
    if (this.chance(0.1)) body.max_output_tokens = this.pick([16, -1, 'x']);
    return body;
  }

  private adminBody(): unknown {
    return this.pick<unknown>([
      { name: 'fuzz' }, { name: '' }, { name: 'fuzz', rpm: this.pick([0, 5, -1, 'x']) }, { name: 'fuzz', expiresAt: this.pick(['2099-01-01T00:00:00Z', 'soon', 5]) },
      { name: 'fuzz', models: this.pick([['gpt-*'], 'gpt', [1]]) }, { name: 'fuzz', budget: this.pick([{ usd: 1, period: 'day' }, { usd: -1 }]) }, this.value(3),
    ]);
  }

  /** Deletes, replaces or adds a field now and then, to reach validation paths a clean body never does. */
  private mutate(body: Record<string, unknown>): Record<string, unknown> {
    const result = { ...body };
    for (let count = this.integer(0, 2); count > 0; count--) {
      const keys = Object.keys(result);
      const roll = this.random();
      if (roll < 0.3 && keys.length > 0) delete result[this.pick(keys)];
      else if (roll < 0.7 && keys.length > 0) result[this.pick(keys)] = this.value(2);
      else result[this.pick(['model', 'messages', 'input', 'stream', 'seed', 'user', 'metadata', '__proto__', 'constructor'])] = this.value(2);
    }
    return result;
  }

  private value(depth: number): unknown {
    const roll = this.random();
    if (depth <= 0 || roll < 0.5) {
      return this.pick<unknown>([null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, '', 'text', '\u0000', '\ud800', 'a'.repeat(100)]);
    }
    if (roll < 0.75) return Array.from({ length: this.integer(0, 3) }, () => this.value(depth - 1));
    return Object.fromEntries(Array.from({ length: this.integer(0, 3) }, (_, index) => [this.pick(['role', 'content', 'type', `k${index}`, '']), this.value(depth - 1)]));
  }

  private mutatePath(path: string): string {
    const at = this.integer(0, path.length);
    return `${path.slice(0, at)}${this.pick(['/', '%', '%00', '..', ';', '?', '#', '\\', 'A'])}${path.slice(at)}`;
  }
}
