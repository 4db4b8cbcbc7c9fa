import type { ServerResponse } from 'node:http';
import { SseParser } from '@modelgate/core';
import { startAnthropicSimulator, type AnthropicScriptedReply } from '@modelgate/provider-anthropic/testing';
import { startGoogleSimulator, type GoogleScriptedReply } from '@modelgate/provider-google/testing';
import { startSimulatorServer, writeJsonBody, type RecordedRequest, type SimulatorFault } from '@modelgate/testkit';
import { answerTokenRequest, createServiceAccount, type SimulatedServiceAccount } from './google-token-endpoint.js';

export interface VertexSimulatorOptions {
  readonly project: string;
  /** Vertex's Claude model id → the Anthropic model behind it. */
  readonly models: Readonly<Record<string, string>>;
  /** The Gemini model ids served at `publishers/google` (default none). */
  readonly geminiModels?: readonly string[];
}

export interface VertexSimulator {
  /** The API origin, what the provider's `endpoint` takes. */
  readonly url: string;
  /** The token endpoint (`token_uri` of the service account's key file). */
  readonly tokenUri: string;
  /** A service account this Google knows. */
  readonly serviceAccount: SimulatedServiceAccount;
  /** Every request received (token and model requests), oldest first. */
  readonly requests: RecordedRequest[];
  enqueueReply(reply: AnthropicScriptedReply): void;
  enqueueFault(fault: SimulatorFault): void;
  /** Queues the answer of a coming Gemini call. */
  enqueueGeminiReply(reply: GoogleScriptedReply): void;
  close(): Promise<void>;
}

const PREDICT = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):(rawPredict|streamRawPredict)$/;
const INNER_KEY = 'sk-ant-behind-vertex';
const GEMINI = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
const GEMINI_KEY = 'gemini-behind-vertex';

// Google's 401 for a missing, unknown or expired bearer token (google.rpc.Status, UNAUTHENTICATED).
const UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    status: 'UNAUTHENTICATED',
  },
};

/**
 * Starts a Vertex AI simulator on 127.0.0.1 for Claude: it is also Google's token endpoint (the
 * JWT bearer grant, the assertion's RS256 signature verified against the service account's public
 * key), then checks each model call's bearer token, project, model and `anthropic_version` before
 * passing the body to the Anthropic simulator behind it; answers and streams come back as Vertex
 * sends them (Anthropic's own JSON and SSE).
 */
export async function startVertexSimulator(options: VertexSimulatorOptions): Promise<VertexSimulator> {
  const anthropic = await startAnthropicSimulator({ apiKey: INNER_KEY });
  const gemini = await startGoogleSimulator({ apiKey: GEMINI_KEY });
  /** A count passed to the Anthropic simulator's counter, the body as Vertex got it with Anthropic's model id. */
  async function relayCount(request: RecordedRequest, model: string, response: ServerResponse, signal: AbortSignal): Promise<void> {
    const { anthropic_version: _version, model: _named, ...rest } = (request.body ?? {}) as Record<string, unknown>;
    const upstream = await fetch(`${anthropic.url}/messages/count_tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': INNER_KEY, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ ...rest, model }),
      signal,
    });
    response.writeHead(upstream.status, { 'content-type': 'application/json' });
    response.end(await upstream.text());
  }
  const issued = new Map<string, number>();
  // Known once the server listens: the key file names the token endpoint's URL.
  const google: { tokenUri: string; account?: SimulatedServiceAccount } = { tokenUri: '' };
  const server = await startSimulatorServer(async (request, response, signal) => {
    if (request.method === 'POST' && request.path === '/token') return answerTokenRequest(request, response, google.account ? [google.account] : [], google.tokenUri, (token, expiresAt) => issued.set(token, expiresAt));
    const geminiRoute = request.method === 'POST' ? GEMINI.exec(request.path) : null;
    if (geminiRoute) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || (issued.get(bearer) ?? 0) < Date.now()) return writeJsonBody(response, 401, UNAUTHENTICATED);
      // Vertex has no API key: one sent anyway is not how Vertex authenticates (and would leak a Gemini key).
      if (request.headers['x-goog-api-key'] !== undefined) return writeJsonBody(response, 400, { error: { code: 400, message: 'API keys are not supported by this API. Expected OAuth2 access token or other authentication credentials that assert a principal. See https://cloud.google.com/docs/authentication', status: 'UNAUTHENTICATED' } });
      const model = decodeURIComponent(geminiRoute[3]!);
      if (geminiRoute[1] !== options.project || !(options.geminiModels ?? []).includes(model)) {
        return writeJsonBody(response, 404, { error: { code: 404, message: `Publisher Model \`projects/${geminiRoute[1]}/locations/${geminiRoute[2]}/publishers/google/models/${geminiRoute[3]}\` not found.`, status: 'NOT_FOUND' } });
      }
      const query = new URLSearchParams(request.query).toString();
      const upstream = await fetch(`${gemini.url}/models/${geminiRoute[3]}:${geminiRoute[4]}${query ? `?${query}` : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': GEMINI_KEY },
        body: request.rawBody,
        signal,
      });
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      for await (const piece of upstream.body as unknown as AsyncIterable<Uint8Array>) response.write(piece);
      return void response.end();
    }
    const route = request.method === 'POST' ? PREDICT.exec(request.path) : null;
    if (!route) return writeJsonBody(response, 404, { error: { code: 404, message: `The requested URL ${request.path} was not found on this server.`, status: 'NOT_FOUND' } });
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || (issued.get(bearer) ?? 0) < Date.now()) return writeJsonBody(response, 401, UNAUTHENTICATED);
    if (route[1] !== options.project) {
      return writeJsonBody(response, 403, { error: { code: 403, message: `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/${route[1]}' (or it may not exist).`, status: 'PERMISSION_DENIED' } });
    }
    // Token counting is `rawPredict` on the `count-tokens` model, the model to count for in the body (Vertex AI, "Count tokens for Claude models").
    const counting = route[3] === 'count-tokens' && route[4] === 'rawPredict';
    const named = counting ? String((request.body as { model?: unknown } | undefined)?.model ?? '') : decodeURIComponent(route[3]!);
    const model = options.models[named];
    if (model === undefined) {
      return writeJsonBody(response, 404, { error: { code: 404, message: `Publisher Model \`projects/${route[1]}/locations/${route[2]}/publishers/anthropic/models/${named}\` not found.`, status: 'NOT_FOUND' } });
    }
    if (counting) return relayCount(request, model, response, signal);
    const { anthropic_version: version, ...rest } = (request.body ?? {}) as Record<string, unknown>;
    // Vertex's Claude takes its own version in the body (Vertex AI, "Use Claude models").
    if (version !== 'vertex-2023-10-16') return writeJsonBody(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic_version: Input should be \'vertex-2023-10-16\'' } });
    const stream = route[4] === 'streamRawPredict';
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': INNER_KEY, 'anthropic-version': '2023-06-01' };
    const beta = request.headers['anthropic-beta'];
    if (typeof beta === 'string') headers['anthropic-beta'] = beta;
    const upstream = await fetch(`${anthropic.url}/messages`, { method: 'POST', headers, body: JSON.stringify({ ...rest, model }), signal });
    // A wait the scripted fault asked for stays a `retry-after` (the conformance suite's throttling script).
    const retryAfter = upstream.headers.get('retry-after');
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json', ...(retryAfter !== null && { 'retry-after': retryAfter }) });
    if (!stream || !upstream.ok) return void response.end(await upstream.text());
    const parser = new SseParser();
    const decoder = new TextDecoder();
    for await (const piece of upstream.body as unknown as AsyncIterable<Uint8Array>) {
      for (const event of parser.push(decoder.decode(piece, { stream: true }))) response.write(`event: ${event.event}\ndata: ${event.data}\n\n`);
    }
    response.end();
  });
  google.tokenUri = `${server.url}/token`;
  google.account = createServiceAccount(google.tokenUri);
  return {
    url: server.url,
    tokenUri: google.tokenUri,
    serviceAccount: google.account,
    requests: server.requests,
    enqueueReply: (reply) => anthropic.enqueueReply(reply),
    enqueueFault: (fault) => anthropic.enqueueFault(fault),
    enqueueGeminiReply: (reply) => gemini.enqueueReply(reply),
    close: async () => {
      await Promise.all([server.close(), anthropic.close(), gemini.close()]);
    },
  };
}
