import type { ServerResponse } from 'node:http';
import {
  AutomaticPrefixCache,
  createScriptQueues,
  estimateTokens,
  exposeScriptedSimulator,
  playPreludeFault,
  startSimulatorServer,
  writeEventStream,
  writeJsonBody,
  writeJsonReply,
  type RecordedRequest,
  type ScriptedSimulator,
} from '@modelgate/testkit';
import { buildGoogleEvents, buildGoogleResponse, planGoogleAnswer } from './build-google-response.js';
import { demoGoogleReply } from './demo-google-reply.js';
import type { GoogleScriptedReply } from './google-reply.js';
import { googleErrorBody, googleErrorFormat, type GoogleProblem } from './google-simulator-errors.js';
import { countGoogleTokens } from './google-simulator-count-tokens.js';
import { answerBatchEmbed } from './google-simulator-embeddings.js';
import { simulatedModel } from './google-simulator-models.js';
import type { IssuedSignature } from './google-simulator-signatures.js';
import { validateGoogleRequest } from './validate-google-request.js';

export interface GoogleSimulatorOptions {
  /** When set, every request must send it as `x-goog-api-key` (or `?key=`); otherwise any key is accepted. */
  apiKey?: string;
  /** The demo's tool rule (docs/demo.md, `demoGoogleReply`); off by default, on only in the gateway's demo profile. */
  demoToolRule?: boolean;
}

/** The Gemini simulator's handle: addresses (`url` with `/v1beta`), recordings, script queues, and the signatures it issued. */
export type GoogleSimulator = ScriptedSimulator<GoogleScriptedReply> & {
  /** Every signature minted so far, oldest first, with the part it was put on. */
  readonly issuedSignatures: IssuedSignature[];
};

type Parts = Array<Record<string, unknown>>;
type Contents = Array<{ role?: unknown; parts?: Parts }>;

const GENERATE = /^\/(v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens|embedContent|batchEmbedContents)$/;

function textOf(parts: unknown): string {
  return Array.isArray(parts) ? (parts as Parts).map((part) => (typeof part.text === 'string' && part.thought !== true ? part.text : '')).join('') : '';
}

function lastUserText(contents: Contents): string {
  const last = contents.findLast((content) => content.role !== 'model' && textOf(content.parts) !== '');
  return last === undefined ? '' : textOf(last.parts);
}

function checkKey(request: RecordedRequest, apiKey: string | undefined): GoogleProblem | undefined {
  const sent = request.headers['x-goog-api-key'] ?? request.query.key;
  if (sent === undefined || sent === '') return { status: 403, message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API." };
  if (apiKey === undefined || sent === apiKey) return undefined;
  return {
    status: 400,
    message: 'API key not valid. Please pass a valid API key.',
    details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }],
  };
}

/**
 * Starts a Gemini API simulator on 127.0.0.1 (PROTOCOLS E and I): `POST /v1beta/models/{m}:generateContent`
 * and `:streamGenerateContent?alt=sse` (also under `/v1`, without the JSON Schema fields), and
 * `GET /v1beta/models`, `:countTokens` (google-simulator-count-tokens), `:embedContent` and `:batchEmbedContents`
 * (google-simulator-embeddings). It rejects what Google rejects, in Google's words (E.5–E.7): unknown schema
 * keywords on the legacy path, both thinking knobs, a level the model lacks, unpaired function
 * responses, a current-turn step without its signature, a signature from another model, empty parts.
 */
export async function startGoogleSimulator(options: GoogleSimulatorOptions = {}): Promise<GoogleSimulator> {
  const queues = createScriptQueues<GoogleScriptedReply>();
  const issuedSignatures: IssuedSignature[] = [];
  // Gemini's implicit caching: a repeated prefix of 1,024 tokens and more is read back, reported as cachedContentTokenCount.
  const promptCache = new AutomaticPrefixCache({ minimumTokens: 1024, incrementTokens: 1, ttlMs: 5 * 60_000 });
  const sendProblem = (response: ServerResponse, problem: GoogleProblem, headers: Record<string, string>) => writeJsonBody(response, problem.status, googleErrorBody(problem), headers);

  async function answerGenerate(request: RecordedRequest, route: RegExpExecArray, response: ServerResponse, signal: AbortSignal, headers: Record<string, string>) {
    const [, version, modelId, method] = route;
    if (method === 'batchEmbedContents') {
      const fault = queues.faults.shift();
      if (await playPreludeFault(fault, response, googleErrorFormat, signal, headers)) return;
      const embedded = answerBatchEmbed(request.body, decodeURIComponent(modelId!));
      return 'problem' in embedded ? sendProblem(response, embedded.problem, headers) : writeJsonBody(response, 200, embedded.answer, headers);
    }
    if (method === 'embedContent') {
      // One request of a batch, answered as Google answers `:embedContent` (`{embedding}`).
      const one = answerBatchEmbed({ requests: [{ model: `models/${decodeURIComponent(modelId!)}`, ...(request.body as object) }] }, decodeURIComponent(modelId!));
      return 'problem' in one ? sendProblem(response, one.problem, headers) : writeJsonBody(response, 200, { embedding: (one.answer as { embeddings: unknown[] }).embeddings[0] }, headers);
    }
    if (method === 'countTokens') {
      const counted = countGoogleTokens(request.body, simulatedModel(decodeURIComponent(modelId!)), version === 'v1beta');
      return 'problem' in counted ? sendProblem(response, counted.problem, headers) : writeJsonBody(response, 200, counted.answer, headers);
    }
    const stream = method === 'streamGenerateContent';
    if (stream && request.query.alt !== 'sse') return sendProblem(response, { status: 400, message: 'The simulator streams only with alt=sse (the JSON-array stream is not simulated).' }, headers);
    const fault = queues.faults.shift();
    if (await playPreludeFault(fault, response, googleErrorFormat, signal, headers)) return;
    const model = simulatedModel(decodeURIComponent(modelId!));
    const problem = validateGoogleRequest(request.body, model, version === 'v1beta');
    if (problem) return sendProblem(response, problem, headers);
    const body = request.body as { contents: Contents; systemInstruction?: { parts?: unknown }; generationConfig?: { thinkingConfig?: { includeThoughts?: unknown } } };
    const reply = queues.replies.shift() ?? (options.demoToolRule ? demoGoogleReply(body) : undefined) ?? { parts: [{ text: `Echo: ${lastUserText(body.contents)}` }] };
    const promptText = textOf(body.systemInstruction?.parts) + body.contents.map((content) => textOf(content.parts)).join('');
    const segments = [body.systemInstruction?.parts, ...body.contents.map((content) => content.parts)].map((parts) => ({ text: JSON.stringify(parts ?? null), tokens: estimateTokens(textOf(parts)) }));
    const cached = promptCache.account(`${model.resolved}\n${JSON.stringify((body as { tools?: unknown }).tools ?? [])}`, segments);
    const plan = planGoogleAnswer(reply, model, body.generationConfig?.thinkingConfig?.includeThoughts === true, promptText, cached);
    issuedSignatures.push(...plan.issued);
    if (!stream) return writeJsonReply(response, buildGoogleResponse(plan), { fault, format: googleErrorFormat, signal, headers });
    return writeEventStream(response, { events: buildGoogleEvents(plan), fault, format: googleErrorFormat, signal, headers });
  }

  const server = await startSimulatorServer(async (request, response, signal) => {
    const headers: Record<string, string> = {};
    const route = request.method === 'POST' ? GENERATE.exec(request.path) : null;
    const isModels = request.method === 'GET' && /^\/(v1beta|v1)\/models$/.test(request.path);
    if (!route && !isModels) return sendProblem(response, { status: 404, message: `The requested URL ${request.path} was not found on this server.` }, headers);
    const keyProblem = checkKey(request, options.apiKey);
    if (keyProblem) return sendProblem(response, keyProblem, headers);
    if (route) return answerGenerate(request, route, response, signal, headers);
    const models = ['gemini-3.8-flash', 'gemini-3.1-pro-preview', 'gemini-2.5-flash-lite'].map((id) => ({
      name: `models/${id}`, displayName: id, inputTokenLimit: 1048576, outputTokenLimit: 65536, supportedGenerationMethods: ['generateContent', 'countTokens'],
    }));
    return writeJsonBody(response, 200, { models }, headers);
  });

  const exposed = exposeScriptedSimulator(server, queues);
  return {
    ...exposed,
    url: `${server.url}/v1beta`,
    issuedSignatures,
    reset() {
      exposed.reset();
      issuedSignatures.length = 0;
    },
  };
}

