import type { ServerResponse } from 'node:http';
import { SseParser } from '@modelgate/core';
import { startAnthropicSimulator, type AnthropicScriptedReply } from '@modelgate/provider-anthropic/testing';
import { startSimulatorServer, type RecordedRequest, type SimulatorFault } from '@modelgate/testkit';
import { INVALID_MODEL, malformedInput, sendAwsProblem, UNRECOGNIZED_CLIENT, type AwsProblem } from './aws-errors.js';
import { chunkMessage, exceptionMessage } from './encode-event-stream.js';
import { verifySigV4, type AwsCredentialsForTest } from './verify-sigv4.js';

export interface BedrockSimulatorOptions {
  readonly region: string;
  /** The access keys AWS knows. */
  readonly credentials: readonly AwsCredentialsForTest[];
  /** Bedrock model or inference profile id → the Anthropic model behind it. */
  readonly models: Readonly<Record<string, string>>;
  /** AWS's clock (default the machine's), to test skew. */
  readonly now?: () => number;
}

export interface BedrockSimulator {
  /** The runtime's origin, what the provider's `endpoint` takes. */
  readonly url: string;
  /** Every request Bedrock received, oldest first. */
  readonly requests: RecordedRequest[];
  enqueueReply(reply: AnthropicScriptedReply): void;
  enqueueFault(fault: SimulatorFault): void;
  close(): Promise<void>;
}

const INVOKE = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const INNER_KEY = 'sk-ant-behind-bedrock';

// Anthropic's statuses as the Bedrock errors that carry them (InvokeModel API reference, "Errors").
function asBedrockError(status: number, body: string): AwsProblem {
  const message = (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? 'Internal server error';
  // The account's credentials refused: AWS answers before the model, as an unknown key.
  if (status === 401 || status === 403) return UNRECOGNIZED_CLIENT;
  if (status === 429) return { status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' };
  if (status === 529 || status === 503) return { status: 503, type: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' };
  if (status >= 500) return { status: 500, type: 'InternalServerException', message };
  return { status: 400, type: 'ValidationException', message };
}

/** What Bedrock's validator refuses in an Anthropic body before the model sees it. */
function bodyProblem(body: unknown): AwsProblem | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return malformedInput('expected type: JSONObject, found: String');
  const fields = body as Record<string, unknown>;
  if (fields.anthropic_version === undefined) return malformedInput('required key [anthropic_version] not found');
  if (fields.anthropic_version !== 'bedrock-2023-05-31') return malformedInput(`anthropic_version: ${String(fields.anthropic_version)} is not a valid enum value`);
  for (const key of ['model', 'stream']) if (key in fields) return malformedInput(`extraneous key [${key}] is not permitted`);
  return undefined;
}

async function relayStream(upstream: Response, response: ServerResponse): Promise<void> {
  response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-bedrock-content-type': 'application/json', 'x-amzn-requestid': crypto.randomUUID() });
  const parser = new SseParser();
  const decoder = new TextDecoder();
  for await (const piece of upstream.body as unknown as AsyncIterable<Uint8Array>) {
    for (const event of parser.push(decoder.decode(piece, { stream: true }))) {
      if (event.event === 'ping') continue;
      response.write(event.event === 'error' ? exceptionMessage('modelStreamErrorException', (JSON.parse(event.data) as { error: { message: string } }).error.message) : chunkMessage(event.data));
    }
  }
  response.end();
}

/**
 * Starts an AWS Bedrock runtime simulator on 127.0.0.1 for Claude's InvokeModel and
 * InvokeModelWithResponseStream: it verifies each request's SigV4 signature by recomputing it
 * (verifySigV4: a wrong secret, a clock more than five minutes off, a body changed after signing
 * are AWS's 403s), checks the model id and the body as Bedrock's validator does, and passes what
 * it accepts to the Anthropic simulator behind it; answers come back as Bedrock sends them, a
 * stream in AWS's binary event stream framing with its CRCs.
 */
export async function startBedrockSimulator(options: BedrockSimulatorOptions): Promise<BedrockSimulator> {
  const anthropic = await startAnthropicSimulator({ apiKey: INNER_KEY });
  const now = options.now ?? Date.now;
  const server = await startSimulatorServer(async (request, response, signal) => {
    const route = request.method === 'POST' ? INVOKE.exec(request.path) : null;
    if (!route) return sendAwsProblem(response, { status: 404, type: 'UnknownOperationException', message: 'Not Found' });
    const authProblem = verifySigV4(request, request.path, options.credentials, options.region, now());
    if (authProblem) return sendAwsProblem(response, authProblem);
    const model = options.models[decodeURIComponent(route[1]!)];
    if (model === undefined) return sendAwsProblem(response, INVALID_MODEL);
    const problem = bodyProblem(request.body);
    if (problem) return sendAwsProblem(response, problem);
    const { anthropic_version: _version, anthropic_beta: betas, ...rest } = request.body as Record<string, unknown>;
    const stream = route[2] === 'invoke-with-response-stream';
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': INNER_KEY, 'anthropic-version': '2023-06-01' };
    if (Array.isArray(betas)) headers['anthropic-beta'] = betas.join(',');
    const upstream = await fetch(`${anthropic.url}/messages`, { method: 'POST', headers, body: JSON.stringify({ ...rest, model, ...(stream && { stream: true }) }), signal });
    // A wait the scripted fault asked for is passed on as `retry-after` (the conformance suite's throttling script).
    if (!upstream.ok) return sendAwsProblem(response, asBedrockError(upstream.status, await upstream.text()), upstream.headers.get('retry-after') ?? undefined);
    if (stream) return relayStream(upstream, response);
    const text = await upstream.text();
    const usage = (JSON.parse(text) as { usage?: { input_tokens?: number; output_tokens?: number } }).usage ?? {};
    response.writeHead(200, {
      'content-type': 'application/json',
      'x-amzn-requestid': crypto.randomUUID(),
      'x-amzn-bedrock-input-token-count': String(usage.input_tokens ?? 0),
      'x-amzn-bedrock-output-token-count': String(usage.output_tokens ?? 0),
    });
    response.end(text);
  });
  return {
    url: server.url,
    requests: server.requests,
    enqueueReply: (reply) => anthropic.enqueueReply(reply),
    enqueueFault: (fault) => anthropic.enqueueFault(fault),
    close: async () => {
      await Promise.all([server.close(), anthropic.close()]);
    },
  };
}
