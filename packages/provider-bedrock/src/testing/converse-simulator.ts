import type { ServerResponse } from 'node:http';
import { createScriptQueues, estimateTokens, startSimulatorServer, type RecordedRequest, type SimulatorFault } from '@modelgate/testkit';
import { INVALID_MODEL, sendAwsProblem, type AwsProblem } from './aws-errors.js';
import { converseBodyProblem } from './converse-rules.js';
import { encodeEventStreamMessage, exceptionMessage } from './encode-event-stream.js';
import { verifySigV4, type AwsCredentialsForTest } from './verify-sigv4.js';

/** What the scripted model answers: text, reasoning (signed), tool calls, and why it stopped. */
export interface ConverseScriptedReply {
  readonly text?: string;
  readonly reasoning?: { readonly text: string; readonly signature?: string };
  readonly toolCalls?: ReadonlyArray<{ readonly id: string; readonly name: string; readonly input: unknown }>;
  readonly stopReason?: string;
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number; readonly cacheReadInputTokens?: number };
  /** A stream ends after its text with this exception (`throttlingException`, `modelStreamErrorException`, …). */
  readonly streamException?: { readonly type: string; readonly message: string };
}

export interface ConverseSimulatorOptions {
  readonly region: string;
  readonly credentials: readonly AwsCredentialsForTest[];
  /** The model and inference profile ids this account may invoke. */
  readonly models: readonly string[];
}

export interface ConverseSimulator {
  readonly url: string;
  readonly requests: RecordedRequest[];
  enqueueReply(reply: ConverseScriptedReply): void;
  /** Status faults only: the next request gets that status as Bedrock's error. */
  enqueueFault(fault: SimulatorFault): void;
  close(): Promise<void>;
}

const CONVERSE = /^\/model\/([^/]+)\/(converse|converse-stream)$/;

// Bedrock's error types for the statuses a script asks for (Converse API reference, "Errors").
function statusProblem(status: number): AwsProblem {
  if (status === 429) return { status, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' };
  if (status === 503) return { status, type: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' };
  if (status === 403) return { status, type: 'AccessDeniedException', message: "You don't have access to the model with the specified model ID." };
  if (status >= 500) return { status, type: 'InternalServerException', message: 'The server encountered an internal error.' };
  return { status, type: 'ValidationException', message: 'The request failed validation.' };
}

function usageOf(reply: ConverseScriptedReply, request: RecordedRequest) {
  const input = reply.usage?.inputTokens ?? estimateTokens(request.rawBody);
  const output = reply.usage?.outputTokens ?? estimateTokens(JSON.stringify(reply));
  const cacheRead = reply.usage?.cacheReadInputTokens;
  return { inputTokens: input, outputTokens: output, totalTokens: input + output + (cacheRead ?? 0), ...(cacheRead !== undefined && { cacheReadInputTokens: cacheRead }) };
}

function contentOf(reply: ConverseScriptedReply): unknown[] {
  return [
    ...(reply.reasoning ? [{ reasoningContent: { reasoningText: { text: reply.reasoning.text, ...(reply.reasoning.signature && { signature: reply.reasoning.signature }) } } }] : []),
    ...(reply.text !== undefined ? [{ text: reply.text }] : []),
    ...(reply.toolCalls ?? []).map((call) => ({ toolUse: { toolUseId: call.id, name: call.name, input: call.input } })),
  ];
}

function stopReasonOf(reply: ConverseScriptedReply): string {
  return reply.stopReason ?? (reply.toolCalls?.length ? 'tool_use' : 'end_turn');
}

function event(type: string, payload: unknown): Buffer {
  return encodeEventStreamMessage({ ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' }, JSON.stringify(payload));
}

/** ConverseStream's events for a reply, in the order Bedrock sends them (metadata last). */
function streamEvents(reply: ConverseScriptedReply, usage: unknown): Buffer[] {
  const events = [event('messageStart', { role: 'assistant' })];
  let index = 0;
  if (reply.reasoning) {
    events.push(event('contentBlockDelta', { contentBlockIndex: index, delta: { reasoningContent: { text: reply.reasoning.text } } }));
    if (reply.reasoning.signature) events.push(event('contentBlockDelta', { contentBlockIndex: index, delta: { reasoningContent: { signature: reply.reasoning.signature } } }));
    events.push(event('contentBlockStop', { contentBlockIndex: index++ }));
  }
  if (reply.text !== undefined) {
    for (const piece of reply.text.match(/.{1,8}/gsu) ?? ['']) events.push(event('contentBlockDelta', { contentBlockIndex: index, delta: { text: piece } }));
    if (reply.streamException) return [...events, exceptionMessage(reply.streamException.type, reply.streamException.message)];
    events.push(event('contentBlockStop', { contentBlockIndex: index++ }));
  }
  for (const call of reply.toolCalls ?? []) {
    events.push(event('contentBlockStart', { contentBlockIndex: index, start: { toolUse: { toolUseId: call.id, name: call.name } } }));
    const input = JSON.stringify(call.input);
    for (const piece of input.match(/.{1,10}/gsu) ?? []) events.push(event('contentBlockDelta', { contentBlockIndex: index, delta: { toolUse: { input: piece } } }));
    events.push(event('contentBlockStop', { contentBlockIndex: index++ }));
  }
  events.push(event('messageStop', { stopReason: stopReasonOf(reply) }), event('metadata', { usage, metrics: { latencyMs: 12 } }));
  return events;
}

function answer(response: ServerResponse, reply: ConverseScriptedReply, request: RecordedRequest, stream: boolean): void {
  const usage = usageOf(reply, request);
  if (stream) {
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': crypto.randomUUID() });
    for (const message of streamEvents(reply, usage)) response.write(message);
    response.end();
    return;
  }
  const body = JSON.stringify({ output: { message: { role: 'assistant', content: contentOf(reply) } }, stopReason: stopReasonOf(reply), usage, metrics: { latencyMs: 12 } });
  response.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': crypto.randomUUID() });
  response.end(body);
}

/**
 * An AWS Bedrock runtime simulator for Converse and ConverseStream on 127.0.0.1: it verifies each
 * request's SigV4 signature, refuses what Bedrock's Converse validation refuses (converse-rules.ts),
 * and answers scripted replies as Bedrock does, a stream in AWS's binary event stream framing.
 */
export async function startConverseSimulator(options: ConverseSimulatorOptions): Promise<ConverseSimulator> {
  const queues = createScriptQueues<ConverseScriptedReply>();
  const server = await startSimulatorServer((request, response) => {
    const route = request.method === 'POST' ? CONVERSE.exec(request.path) : null;
    if (!route) return sendAwsProblem(response, { status: 404, type: 'UnknownOperationException', message: 'Not Found' });
    const authProblem = verifySigV4(request, request.path, options.credentials, options.region, Date.now());
    if (authProblem) return sendAwsProblem(response, authProblem);
    if (!options.models.includes(decodeURIComponent(route[1]!))) return sendAwsProblem(response, INVALID_MODEL);
    const problem = converseBodyProblem(request.body);
    if (problem) return sendAwsProblem(response, problem);
    const fault = queues.faults.shift();
    if (fault) {
      if (fault.type !== 'status') throw new Error(`the Converse simulator plays status faults only, not '${fault.type}'`);
      return sendAwsProblem(response, statusProblem(fault.status), fault.retryAfterSeconds === undefined ? undefined : String(fault.retryAfterSeconds));
    }
    answer(response, queues.replies.shift() ?? { text: 'Hello from Bedrock.' }, request, route[2] === 'converse-stream');
  });
  return {
    url: server.url,
    requests: server.requests,
    enqueueReply: (reply) => void queues.replies.push(reply),
    enqueueFault: (fault) => void queues.faults.push(fault),
    close: () => server.close(),
  };
}
