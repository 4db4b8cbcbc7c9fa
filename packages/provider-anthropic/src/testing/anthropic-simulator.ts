import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import {
  createScriptQueues,
  exposeScriptedSimulator,
  playPreludeFault,
  randomToken,
  startSimulatorServer,
  writeEventStream,
  writeJsonBody,
  writeJsonReply,
  type RecordedRequest,
  type ScriptedSimulator,
} from '@modelgate/testkit';
import { contentText } from './anthropic-content-text.js';
import { anthropicErrorBody, anthropicErrorFormat, anthropicStatusForType, type AnthropicProblem } from './anthropic-errors.js';
import { countAnthropicTokens } from './anthropic-count-tokens.js';
import { demoAnthropicReply } from './demo-anthropic-reply.js';
import type { AnthropicScriptedReply } from './anthropic-reply.js';
import { AnthropicPromptCache } from './anthropic-prompt-cache.js';
import { buildAnthropicEvents, buildAnthropicMessage, planAnthropicMessage } from './build-anthropic-message.js';
import { ThinkingLedger } from './thinking-ledger.js';
import { validateAnthropicRequest } from './validate-anthropic-request.js';

export interface AnthropicSimulatorOptions {
  /** When set, every request must send it as `x-api-key` (or `Authorization: Bearer`); otherwise any key is accepted. */
  apiKey?: string;
  /** The demo's tool rule (docs/demo.md, `demoAnthropicReply`); off by default, on only in the gateway's demo profile. */
  demoToolRule?: boolean;
}

/** The Anthropic simulator's handle: addresses, recorded requests, and its script queues. */
export type AnthropicSimulator = ScriptedSimulator<AnthropicScriptedReply>;

interface LooseMessage {
  role?: unknown;
  content?: unknown;
}

function lastUserText(messages: readonly LooseMessage[]): string {
  const last = messages.findLast((message) => message.role === 'user' && contentText(message.content) !== '');
  return last === undefined ? '' : contentText(last.content);
}

function promptText(body: { system?: unknown; messages: LooseMessage[] }): string {
  return contentText(body.system) + body.messages.map((message) => contentText(message.content)).join('');
}

function checkAuth(headers: IncomingHttpHeaders, apiKey: string | undefined): AnthropicProblem | undefined {
  if (headers['anthropic-version'] === undefined) return { status: 400, type: 'invalid_request_error', message: 'anthropic-version: header is required' };
  if (apiKey === undefined) return undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (headers['x-api-key'] === apiKey || bearer === apiKey) return undefined;
  return { status: 401, type: 'authentication_error', message: 'invalid x-api-key' };
}

function responseHeaders(): Record<string, string> {
  return {
    'request-id': `req_${randomToken()}`,
    'anthropic-ratelimit-requests-limit': '4000',
    'anthropic-ratelimit-requests-remaining': '3999',
  };
}

/**
 * Starts an Anthropic Messages simulator on 127.0.0.1 (PROTOCOLS D and I): `POST /v1/messages`
 * (JSON and SSE), `POST /v1/messages/count_tokens` and `GET /v1/models`. It rejects what Anthropic
 * rejects, with Anthropic's error body and wording (per-model rules included, see
 * anthropic-model-rules.ts), reads and writes its prompt cache at `cache_control` breakpoints and
 * reports it as Anthropic does (anthropic-prompt-cache.ts), accepts replayed
 * thinking only with the signatures it issued, and plays scripted replies (text with citations,
 * thinking and redacted thinking, parallel tool_use, server tools, stop reasons, an error before
 * any content) and faults.
 */
export async function startAnthropicSimulator(options: AnthropicSimulatorOptions = {}): Promise<AnthropicSimulator> {
  const queues = createScriptQueues<AnthropicScriptedReply>();
  const ledger = new ThinkingLedger();
  const promptCache = new AnthropicPromptCache();

  const sendProblem = (response: ServerResponse, problem: AnthropicProblem, headers: Record<string, string>) =>
    writeJsonBody(response, problem.status, anthropicErrorBody(problem), headers);

  async function answerMessages(request: RecordedRequest, response: ServerResponse, signal: AbortSignal, headers: Record<string, string>) {
    const fault = queues.faults.shift();
    if (await playPreludeFault(fault, response, anthropicErrorFormat, signal, headers)) return;
    const problem = validateAnthropicRequest(request.body, ledger);
    if (problem) return sendProblem(response, problem, headers);
    const body = request.body as { model: string; stream?: boolean; system?: unknown; tools?: Array<Record<string, unknown>>; messages: LooseMessage[] };
    const reply = queues.replies.shift() ?? (options.demoToolRule ? demoAnthropicReply(body) : undefined) ?? { content: [{ type: 'text', text: `Echo: ${lastUserText(body.messages)}` }] };
    const plan = planAnthropicMessage(reply, body.model, promptText(body), ledger, promptCache.account(body));
    if (body.stream !== true) {
      if (reply.streamError) return sendProblem(response, { status: anthropicStatusForType(reply.streamError.type), ...reply.streamError }, headers);
      await writeJsonReply(response, buildAnthropicMessage(plan), { fault, format: anthropicErrorFormat, signal, headers });
      return;
    }
    await writeEventStream(response, { events: buildAnthropicEvents(plan, reply.streamError), fault, format: anthropicErrorFormat, signal, headers });
  }

  const server = await startSimulatorServer(async (request, response, signal) => {
    const headers = responseHeaders();
    const isMessages = request.method === 'POST' && request.path === '/v1/messages';
    const isModels = request.method === 'GET' && request.path === '/v1/models';
    const isCountTokens = request.method === 'POST' && request.path === '/v1/messages/count_tokens';
    if (!isMessages && !isModels && !isCountTokens) return sendProblem(response, { status: 404, type: 'not_found_error', message: 'Not found' }, headers);
    const authProblem = checkAuth(request.headers, options.apiKey);
    if (authProblem) return sendProblem(response, authProblem, headers);
    if (isModels) {
      const data = [{ type: 'model', id: 'claude-sonnet-4-5-20250929', display_name: 'Claude Sonnet 4.5', created_at: '2025-09-29T00:00:00Z' }];
      return writeJsonBody(response, 200, { data, has_more: false, first_id: data[0]!.id, last_id: data[0]!.id }, headers);
    }
    if (isCountTokens) {
      const counted = countAnthropicTokens(request.body, ledger);
      return 'input_tokens' in counted ? writeJsonBody(response, 200, counted, headers) : sendProblem(response, counted, headers);
    }
    return answerMessages(request, response, signal, headers);
  });

  return exposeScriptedSimulator(server, queues);
}
