import { estimateTokens, randomToken, splitText } from '@modelgate/testkit';
import type { GoogleScriptedPart, GoogleScriptedReply } from './google-reply.js';
import type { SimulatedModel } from './google-simulator-models.js';
import { mintSignature, type IssuedSignature } from './google-simulator-signatures.js';

type Part = Record<string, unknown> & { text?: string; thought?: boolean; thoughtSignature?: string; functionCall?: { id?: string; name: string; args: Record<string, unknown> } };

/** A scripted reply with ids, signatures and usage fixed, shared by the JSON and the stream builders. */
export interface PlannedGoogleAnswer {
  readonly responseId: string;
  readonly modelVersion: string;
  readonly parts: Part[];
  readonly finishReason: string;
  readonly finishMessage?: string;
  readonly blockReason?: string;
  readonly usage: Record<string, number>;
  /** The signatures minted for this answer, with where they sit. */
  readonly issued: IssuedSignature[];
  readonly reply: GoogleScriptedReply;
}

const callId = () => randomToken(8).toLowerCase();

function draftPart(scripted: GoogleScriptedPart, model: SimulatedModel): Part {
  const signature = typeof scripted.thoughtSignature === 'string' ? { thoughtSignature: scripted.thoughtSignature } : {};
  if ('functionCall' in scripted) {
    const { id, name, args = {} } = scripted.functionCall;
    const issuesIds = model.generation !== 'gemini-2';
    const chosen = typeof id === 'string' ? id : id === undefined && issuesIds ? callId() : undefined;
    return { functionCall: { ...(chosen ? { id: chosen } : {}), name, args }, ...signature };
  }
  if ('inlineData' in scripted) return { inlineData: { ...scripted.inlineData }, ...(scripted.thought ? { thought: true } : {}), ...signature };
  return { text: scripted.text, ...(scripted.thought ? { thought: true } : {}), ...signature };
}

/** Google's placement (PROTOCOLS E.7): the first call of a step, or the last part of an answer without calls. */
function placeSignatures(parts: Part[], scripted: GoogleScriptedPart[], reply: GoogleScriptedReply, model: SimulatedModel): IssuedSignature[] {
  if (model.generation === 'gemini-2' || parts.length === 0) return [];
  const firstCall = parts.findIndex((part) => part.functionCall !== undefined);
  const target = firstCall >= 0 ? firstCall : parts.length - 1;
  if (scripted[target]!.thoughtSignature !== undefined) return [];
  const signature = mintSignature(model.resolved);
  if (firstCall < 0) {
    parts[target]!.thoughtSignature = signature;
    return [{ signature, model: model.resolved, anchor: { on: 'answer', text: String(parts[target]!.text) } }];
  }
  const id = String(parts[firstCall]!.functionCall!.id ?? '');
  if (reply.signatureOnSeparatePart) {
    parts.splice(firstCall, 0, { text: '', thoughtSignature: signature });
    return [{ signature, model: model.resolved, anchor: { on: 'separate-part', callId: id } }];
  }
  parts[firstCall]!.thoughtSignature = signature;
  return [{ signature, model: model.resolved, anchor: { on: 'call', callId: id } }];
}

/** `cachedTokens`: what the simulator's implicit cache read (a scripted count wins), never more than the prompt. */
function usageOf(reply: GoogleScriptedReply, parts: readonly Part[], promptText: string, cachedTokens: number): Record<string, number> {
  const scripted = reply.usage ?? {};
  const visible = parts.filter((part) => !part.thought).map((part) => part.text ?? JSON.stringify(part.functionCall ?? '')).join('');
  const thoughts = parts.filter((part) => part.thought).map((part) => part.text).join('');
  const prompt = scripted.promptTokenCount ?? estimateTokens(promptText) + 3;
  const candidates = scripted.candidatesTokenCount ?? Math.max(1, estimateTokens(visible));
  const thinking = scripted.thoughtsTokenCount ?? (thoughts ? estimateTokens(thoughts) : 0);
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: candidates,
    ...(thinking > 0 ? { thoughtsTokenCount: thinking } : {}),
    ...cachedCount(scripted.cachedContentTokenCount ?? Math.min(cachedTokens, prompt)),
    totalTokenCount: prompt + candidates + thinking,
  };
}

function cachedCount(tokens: number): { cachedContentTokenCount?: number } {
  return tokens > 0 ? { cachedContentTokenCount: tokens } : {};
}

export function planGoogleAnswer(reply: GoogleScriptedReply, model: SimulatedModel, includeThoughts: boolean, promptText: string, cachedTokens = 0): PlannedGoogleAnswer {
  const malformed = reply.finishReason === 'MALFORMED_FUNCTION_CALL';
  const scripted = malformed || reply.blockReason ? [] : (reply.parts ?? []).filter((part) => includeThoughts || !('thought' in part && part.thought));
  const parts = scripted.map((part) => draftPart(part, model));
  const issued = placeSignatures(parts, scripted, reply, model);
  return {
    responseId: randomToken(23),
    modelVersion: model.resolved,
    parts,
    finishReason: reply.finishReason ?? 'STOP',
    ...(reply.finishMessage || malformed ? { finishMessage: reply.finishMessage ?? 'Malformed function call: unexpected token in args.' } : {}),
    ...(reply.blockReason ? { blockReason: reply.blockReason } : {}),
    usage: usageOf(reply, parts, promptText, cachedTokens),
    issued,
    reply,
  };
}

function envelope(plan: PlannedGoogleAnswer, usage: Record<string, number>, candidate?: Record<string, unknown>): Record<string, unknown> {
  const base = { usageMetadata: usage, modelVersion: plan.modelVersion, responseId: plan.responseId };
  if (plan.blockReason) return { promptFeedback: { blockReason: plan.blockReason, safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH' }] }, ...base };
  return candidate ? { candidates: [candidate], ...base } : base;
}

function finalCandidate(plan: PlannedGoogleAnswer, parts: readonly Part[]): Record<string, unknown> {
  return {
    ...(plan.finishReason === 'MALFORMED_FUNCTION_CALL' ? {} : { content: { parts, role: 'model' } }),
    finishReason: plan.finishReason,
    ...(plan.finishMessage ? { finishMessage: plan.finishMessage } : {}),
    index: 0,
  };
}

/** The non-streaming answer (PROTOCOLS E.3). */
export function buildGoogleResponse(plan: PlannedGoogleAnswer): Record<string, unknown> {
  return envelope(plan, plan.usage, finalCandidate(plan, plan.parts));
}

/** The parts as Gemini streams them: text in small pieces (the signature on the last), calls together or one per chunk. */
function streamedPieces(plan: PlannedGoogleAnswer): Part[][] {
  const pieces: Part[][] = [];
  for (const part of plan.parts) {
    if (part.functionCall) {
      const previous = pieces.at(-1);
      if (!plan.reply.callsInSeparateChunks && previous?.every((earlier) => earlier.functionCall)) previous.push(part);
      else pieces.push([part]);
      continue;
    }
    if (part.inlineData) {
      pieces.push([part]);
      continue;
    }
    const texts = part.text ? splitText(part.text) : [''];
    texts.forEach((text, index) => {
      const last = index === texts.length - 1;
      pieces.push([{ ...part, text, ...(last ? {} : { thoughtSignature: undefined }) }]);
    });
  }
  return pieces.map((chunk) => chunk.map((part) => JSON.parse(JSON.stringify(part)) as Part));
}

/** The stream (PROTOCOLS E.4): `data:` events with `\r\n\r\n`, only new parts each, cumulative usage, no `[DONE]`. */
export function* buildGoogleEvents(plan: PlannedGoogleAnswer): Generator<string> {
  const event = (payload: Record<string, unknown>) => `data: ${JSON.stringify(payload)}\r\n\r\n`;
  const early = { promptTokenCount: plan.usage.promptTokenCount!, totalTokenCount: plan.usage.promptTokenCount! };
  const pieces = plan.blockReason || plan.finishReason === 'MALFORMED_FUNCTION_CALL' ? [] : streamedPieces(plan);
  for (const [index, parts] of pieces.entries()) {
    if (index === pieces.length - 1) break;
    yield event(envelope(plan, early, { content: { parts, role: 'model' }, index: 0 }));
  }
  yield event(envelope(plan, plan.usage, plan.blockReason ? undefined : finalCandidate(plan, pieces.at(-1) ?? [])));
  if (plan.reply.trailingMetadataChunk) yield event({ usageMetadata: plan.usage, modelVersion: plan.modelVersion, responseId: plan.responseId });
}
