import type { IncomingHttpHeaders } from 'node:http';
import { startSimulatorServer, type RecordedRequest, type SimulatorFault } from '@modelgate/testkit';
import { startOpenAiSimulator, type OpenAiChatReply } from '@modelgate/provider-openai/testing';
import type { ResponsesReply } from '@modelgate/provider-openai/testing';
import { annotateChoices, PROMPT_FILTERED, promptFilterResults } from './azure-content-filter.js';
import {
  API_VERSION_NOT_SUPPORTED,
  DEPLOYMENT_NOT_FOUND,
  INVALID_KEY,
  INVALID_TOKEN,
  MISSING_KEY,
  RESOURCE_NOT_FOUND,
  sendAzureProblem,
  type AzureProblem,
} from './azure-errors.js';
import { forwardToOpenAi, type AzureAnnotations } from './forward-to-openai.js';

export interface AzureOpenAiSimulatorOptions {
  /** The resource's key (`api-key`). */
  readonly apiKey: string;
  /** Entra ID access tokens the resource accepts as `Authorization: Bearer` (what the token endpoint issued). */
  readonly acceptsBearer?: (token: string) => boolean;
  /** Deployment name → the model behind it (answers name the model, as Azure's do). */
  readonly deployments: Readonly<Record<string, string>>;
  /** A prompt containing this text is blocked by the content filter (default `BLOCKED-BY-FILTER`). */
  readonly blockedText?: string;
}

export interface AzureOpenAiSimulator {
  /** The resource endpoint, what `endpoint` takes: `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request Azure received, oldest first. */
  readonly requests: RecordedRequest[];
  enqueueReply(reply: OpenAiChatReply): void;
  enqueueResponsesReply(reply: ResponsesReply): void;
  enqueueFault(fault: SimulatorFault): void;
  close(): Promise<void>;
}

// The classic API's versions (learn.microsoft.com, Azure OpenAI API version lifecycle: GA and the
// preview versions still served); an unknown one is a 404, as a missing one is.
const CLASSIC_API_VERSIONS = new Set(['2024-06-01', '2024-10-21', '2024-12-01-preview', '2025-01-01-preview', '2025-03-01-preview', '2025-04-01-preview']);

type AzureOperation = { readonly kind: 'chat' | 'responses'; readonly deployment?: string; readonly classic: boolean };

const CLASSIC_CHAT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

/** The operation a path names, or undefined (404 `Resource not found`). */
function operationOf(request: RecordedRequest): AzureOperation | undefined {
  if (request.method !== 'POST') return undefined;
  if (request.path === '/openai/v1/chat/completions') return { kind: 'chat', classic: false };
  if (request.path === '/openai/v1/responses') return { kind: 'responses', classic: false };
  if (request.path === '/openai/responses') return { kind: 'responses', classic: true };
  const chat = CLASSIC_CHAT.exec(request.path);
  return chat ? { kind: 'chat', deployment: decodeURIComponent(chat[1]!), classic: true } : undefined;
}

/** `api-key` first (Azure's key header); else an Entra ID bearer token; else APIM's missing-key answer. */
function authProblem(headers: IncomingHttpHeaders, options: AzureOpenAiSimulatorOptions): AzureProblem | undefined {
  const key = headers['api-key'];
  if (typeof key === 'string') return key === options.apiKey ? undefined : INVALID_KEY;
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (bearer !== undefined) return options.acceptsBearer?.(bearer) ? undefined : INVALID_TOKEN;
  return MISSING_KEY;
}

function versionProblem(operation: AzureOperation, query: Record<string, string>): AzureProblem | undefined {
  const version = query['api-version'];
  if (operation.classic) return version !== undefined && CLASSIC_API_VERSIONS.has(version) ? undefined : RESOURCE_NOT_FOUND;
  // The v1 API takes no dated version; `preview` and `latest` opt into preview features.
  return version === undefined || version === 'preview' || version === 'latest' ? undefined : API_VERSION_NOT_SUPPORTED;
}

function mentions(body: unknown, text: string): boolean {
  return JSON.stringify((body as { messages?: unknown; input?: unknown }).messages ?? (body as { input?: unknown }).input ?? '').includes(text);
}

const CHAT_ANNOTATIONS: AzureAnnotations = {
  answer: (body) => {
    annotateChoices(body);
    body.prompt_filter_results = promptFilterResults();
  },
  chunk: (chunk) => annotateChoices(chunk),
  openingEvents: [`data: ${JSON.stringify({ choices: [], created: 0, id: '', model: '', object: '', prompt_filter_results: promptFilterResults() })}`],
};

const RESPONSES_ANNOTATIONS: AzureAnnotations = { answer: () => undefined, chunk: () => undefined, openingEvents: [] };

/**
 * Starts an Azure OpenAI simulator on 127.0.0.1: the v1 API (`/openai/v1/chat/completions`,
 * `/openai/v1/responses`) and the classic URLs (`/openai/deployments/{d}/chat/completions`,
 * `/openai/responses`, with `api-version`), checking what Azure checks first, in its words: the
 * key or token, the api-version, the deployment, a prompt its content filter blocks. What passes
 * goes to the OpenAI simulator behind it (the deployment's model in `model`), whose answers come
 * back with Azure's content-filter annotations.
 */
export async function startAzureOpenAiSimulator(options: AzureOpenAiSimulatorOptions): Promise<AzureOpenAiSimulator> {
  const openAi = await startOpenAiSimulator();
  const blockedText = options.blockedText ?? 'BLOCKED-BY-FILTER';
  const server = await startSimulatorServer(async (request, response, signal) => {
    const operation = operationOf(request);
    if (!operation) return sendAzureProblem(response, RESOURCE_NOT_FOUND);
    const problem = authProblem(request.headers, options) ?? versionProblem(operation, request.query);
    if (problem) return sendAzureProblem(response, problem);
    const body = request.body as Record<string, unknown> | undefined;
    const deployment = operation.deployment ?? (typeof body?.model === 'string' ? body.model : undefined);
    const model = deployment === undefined ? undefined : options.deployments[deployment];
    if (model === undefined) return sendAzureProblem(response, DEPLOYMENT_NOT_FOUND);
    if (body !== undefined && mentions(body, blockedText)) return sendAzureProblem(response, PROMPT_FILTERED);
    const path = operation.kind === 'chat' ? '/chat/completions' : '/responses';
    const annotations = operation.kind === 'chat' ? CHAT_ANNOTATIONS : RESPONSES_ANNOTATIONS;
    await forwardToOpenAi(`${openAi.url}${path}`, { ...body, model }, response, signal, annotations);
  });
  return {
    url: server.url,
    requests: server.requests,
    enqueueReply: (reply) => openAi.enqueueReply(reply),
    enqueueResponsesReply: (reply) => openAi.enqueueResponsesReply(reply),
    enqueueFault: (fault) => openAi.enqueueFault(fault),
    close: async () => {
      await Promise.all([server.close(), openAi.close()]);
    },
  };
}
