import type { StreamTap } from '@modelgate/pipeline';
import type { Guardrail } from './guardrail.js';
import type { GuardrailDecision } from './guardrail-decision.js';
import { mapAllTexts } from './front-texts.js';
import { formatSseBlock, splitSseBlocks } from './sse-blocks.js';
import type { DeltaReader, TextDelta } from './stream-text-deltas.js';
import { redactMatches, type TextMatch } from './text-matcher.js';

/** A window held this many times over (a private key block still open) is let go, redacted as it stands. */
const MOST_WINDOWS_HELD = 64;

interface Lane {
  held: string;
  /** The lane's last delta event: a held tail goes out in an event like it. */
  last: TextDelta;
  event?: string;
}

interface GuardMatch extends TextMatch {
  readonly guardrail: Guardrail;
}

/** What a stream guard tells the request's hooks: a decision, or a block (which it throws). */
export interface StreamGuardListener {
  acted(decision: GuardrailDecision): void;
  /** Returns the error to end the stream with. */
  blocked(decision: GuardrailDecision): Error;
}

/**
 * The answer-phase guardrails on a stream, without buffering the answer: each lane's text is held
 * back by a window (`guardrailStreamWindow` characters) so that what spans two chunks (a card number
 * split in the middle) is found whole, and only the text before the window goes out, redacted. A
 * match still open at the window's edge is held until it ends. Events without a delta (finish,
 * usage, done) first let the held text out; their own texts (a done event's full text) are
 * checked whole. A block ends the stream with the front's error event (the tap throws).
 */
export class StreamGuard implements StreamTap {
  private readonly lanes = new Map<string, Lane>();
  private readonly told = new Set<string>();

  constructor(
    private readonly guardrails: readonly Guardrail[],
    private readonly readDelta: DeltaReader,
    private readonly window: number,
    private readonly listener: StreamGuardListener,
  ) {}

  event(text: string): string {
    let out = '';
    for (const block of splitSseBlocks(text)) {
      const data = block.data === undefined ? undefined : parseObject(block.data);
      if (!data) {
        if (block.data !== undefined) out += this.flushAll();
        out += block.raw;
        continue;
      }
      const delta = this.readDelta(data);
      if (delta) {
        out += this.feed(delta, block.event);
        continue;
      }
      out += this.flushAll() + formatSseBlock(block.event, mapAllTexts(data, (whole) => this.guardWhole(whole)));
    }
    return out;
  }

  private feed(delta: TextDelta, event: string | undefined): string {
    const lane = this.lanes.get(delta.lane) ?? { held: '', last: delta };
    lane.held += delta.text;
    lane.last = delta;
    lane.event = event;
    this.lanes.set(delta.lane, lane);
    const matches = this.find(lane.held);
    let cut = lane.held.length > this.window * MOST_WINDOWS_HELD ? lane.held.length : Math.max(0, lane.held.length - this.window);
    for (const match of matches) if (match.start < cut && match.end > cut) cut = match.start;
    const going = redactMatches(lane.held.slice(0, cut), matches.filter((match) => match.end <= cut));
    lane.held = lane.held.slice(cut);
    return formatSseBlock(event, delta.withText(going));
  }

  /** Every lane's held text, in events like their last (before an event that ends or follows them). */
  private flushAll(): string {
    let out = '';
    for (const [id, lane] of this.lanes) {
      if (lane.held !== '') out += formatSseBlock(lane.event, lane.last.withText(this.guardWhole(lane.held)));
      this.lanes.delete(id);
    }
    return out;
  }

  private guardWhole(text: string): string {
    const matches = this.find(text);
    return redactMatches(text, matches);
  }

  /** Matches of every guardrail, earlier guardrails first where they overlap; those to redact are returned, a block throws, the rest are told. */
  private find(text: string): GuardMatch[] {
    const kept: GuardMatch[] = [];
    for (const guardrail of this.guardrails) {
      const found = guardrail.matcher!.find(text);
      if (found.length === 0) continue;
      const decision: GuardrailDecision = { guardrail: guardrail.name, action: guardrail.action, phase: 'answer', found: [...new Set(found.map((match) => match.label))] };
      if (guardrail.action === 'block') throw this.listener.blocked(decision);
      this.tell(decision);
      if (guardrail.action !== 'redact') continue;
      for (const match of found) if (!kept.some((other) => match.start < other.end && other.start < match.end)) kept.push({ ...match, guardrail });
    }
    return kept.sort((first, second) => first.start - second.start);
  }

  private tell(decision: GuardrailDecision): void {
    if (this.told.has(decision.guardrail)) return;
    this.told.add(decision.guardrail);
    this.listener.acted(decision);
  }
}

function parseObject(data: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
