import type { AnswerRewrite, AnswerToWrite, Exchange, RequestRevision, UpstreamIntent } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { GatewayRequestHooks, RequestAnnouncements } from '../gateway-module.js';
import type { GuardedKey, Guardrail } from './guardrail.js';
import { guardrailBlocked, guardrailsHeaderValue, GUARDRAILS_HEADER, type GuardrailDecision } from './guardrail-decision.js';
import type { GuardrailPhase } from './guardrails-config.js';
import { collectTexts, FRONT_TEXT_FIELDS, replaceTexts } from './front-texts.js';
import { StreamGuard } from './stream-guard.js';
import { STREAM_TEXT_DELTAS } from './stream-text-deltas.js';

export interface GuardrailsSetup {
  readonly guardrails: readonly Guardrail[];
  readonly streamWindow: number;
  readonly logger: Logger;
}

/**
 * One request's guardrails: those whose models and keys match it, on its prompt before the
 * upstream call (a block refuses it, a redaction revises the body the upstream gets) and on its
 * answer (a whole one's body, or a stream through a StreamGuard). Every decision is announced to
 * the other modules (usage record, metrics) and logged without the text.
 */
export class RequestGuardrails implements GatewayRequestHooks {
  private readonly decisions: GuardrailDecision[] = [];

  constructor(
    private readonly exchange: Exchange,
    private readonly setup: GuardrailsSetup,
    private readonly announce: Partial<Pick<RequestAnnouncements, 'guardrailActed'>> | undefined,
  ) {}

  private inPhase(phase: GuardrailPhase): Guardrail[] {
    const model = this.exchange.model ?? '';
    // The gateway's keys are AuthenticatedKeys: their name and the guardrails they opt into.
    const key = this.exchange.key as GuardedKey;
    return this.setup.guardrails.filter((guardrail) => guardrail.phases.includes(phase) && guardrail.appliesTo(model, key));
  }

  /** Synchronous when no guardrail applies to the request, so that it waits for nothing. */
  beforeUpstream(intent: UpstreamIntent): Promise<RequestRevision | void> | void {
    const fields = FRONT_TEXT_FIELDS[intent.endpoint]?.request;
    const guardrails = this.inPhase('request');
    if (!fields || guardrails.length === 0) return;
    return this.reviewRequest(intent, fields, guardrails);
  }

  private async reviewRequest(intent: UpstreamIntent, fields: readonly string[], guardrails: readonly Guardrail[]): Promise<RequestRevision | void> {
    const original = collectTexts(intent.body, fields);
    let texts: readonly string[] = original;
    for (const guardrail of guardrails) {
      const finding = await guardrail.review({ phase: 'request', texts, model: intent.route.publicId, endpoint: intent.endpoint });
      if (!finding) continue;
      this.acted({ guardrail: guardrail.name, action: finding.action, phase: 'request', found: finding.found });
      if (finding.texts) texts = finding.texts;
    }
    if (this.decisions.length === 0) return;
    const headers = { [GUARDRAILS_HEADER]: guardrailsHeaderValue(this.decisions) };
    return texts === original ? { headers } : { headers, revisedBody: replaceTexts(intent.body, fields, texts) };
  }

  afterAnswer(answer: AnswerToWrite): AnswerRewrite | void {
    const guardrails = this.inPhase('answer').filter((guardrail) => guardrail.matcher);
    if (guardrails.length === 0) return;
    if (answer.stream) {
      const readDelta = STREAM_TEXT_DELTAS[this.exchange.endpoint];
      if (!readDelta) return;
      return {
        tap: new StreamGuard(guardrails, readDelta, this.setup.streamWindow, {
          acted: (decision) => this.acted(decision),
          blocked: (decision) => this.block(decision),
        }),
      };
    }
    const fields = FRONT_TEXT_FIELDS[this.exchange.endpoint]?.answer;
    const body = typeof answer.body === 'string' ? parseObject(answer.body) : answer.body;
    if (!fields || !body) return;
    let texts: readonly string[] = collectTexts(body, fields);
    const before = this.decisions.length;
    for (const guardrail of guardrails) {
      const finding = guardrail.review({ phase: 'answer', texts, model: this.exchange.model ?? '', endpoint: this.exchange.endpoint });
      if (!finding || finding instanceof Promise) continue;
      this.acted({ guardrail: guardrail.name, action: finding.action, phase: 'answer', found: finding.found });
      if (finding.texts) texts = finding.texts;
    }
    if (this.decisions.length === before) return;
    const redacted = this.decisions.slice(before).some((decision) => decision.action === 'redact');
    return { body: redacted ? replaceTexts(body, fields, texts) : answer.body, headers: { [GUARDRAILS_HEADER]: guardrailsHeaderValue(this.decisions) } };
  }

  private acted(decision: GuardrailDecision): void {
    this.decisions.push(decision);
    this.setup.logger.info({ requestId: this.exchange.requestId, guardrail: decision.guardrail, action: decision.action, phase: decision.phase, found: decision.found }, 'guardrail acted');
    this.announce?.guardrailActed?.(decision);
    if (decision.action === 'block') throw guardrailBlocked(decision, this.decisions);
  }

  private block(decision: GuardrailDecision): Error {
    try {
      this.acted(decision);
    } catch (error) {
      return error as Error;
    }
    return guardrailBlocked(decision, this.decisions);
  }
}

function parseObject(text: string): object | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
