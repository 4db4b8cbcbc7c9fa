import { describe, expect, it } from '@jest/globals';
import { formatSseData } from '@modelgate/core';
import type { GuardrailDecision } from './guardrail-decision.js';
import { matchingGuardrail } from './guardrail.js';
import { StreamGuard } from './stream-guard.js';
import { STREAM_TEXT_DELTAS } from './stream-text-deltas.js';
import { keywordsMatcher, piiMatcher } from './text-matcher.js';

const chunk = (content: string) => formatSseData(JSON.stringify({ id: 'c', choices: [{ index: 0, delta: { content }, finish_reason: null }] }));
const finish = formatSseData(JSON.stringify({ id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));

function guard(window: number, guardrails = [matchingGuardrail({ name: 'secrets', action: 'redact', phases: ['answer'] }, piiMatcher(['private-key', 'payment-card']))]) {
  const decisions: GuardrailDecision[] = [];
  const tap = new StreamGuard(guardrails, STREAM_TEXT_DELTAS.chat!, window, {
    acted: (decision) => decisions.push(decision),
    blocked: (decision) => new Error(`blocked by ${decision.guardrail}`),
  });
  return { tap, decisions };
}

/** What the client assembles from the events the tap let out. */
function assembled(events: readonly string[]): string {
  return events
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => (JSON.parse(line.slice(6)) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '')
    .join('');
}

describe('the stream guard', () => {
  it('holds a match open at the window’s edge (a private key block) until it ends, and lets nothing of it out', () => {
    // The window must hold the BEGIN line (the config's minimum is 64): what the pattern needs to start matching.
    const { tap, decisions } = guard(48);
    const pieces = ['intro ', '-----BEGIN PRIVATE', ' KEY-----\nMIIEv', 'QIBADANBgkqhkiG9w0BAQEFAASC', '\n-----END PRIVATE KEY-----', ' outro text here'];
    const out: string[] = [];
    for (const piece of pieces) out.push(tap.event(chunk(piece)));
    expect(assembled(out)).not.toContain('MIIE');
    out.push(tap.event(finish));
    expect(assembled(out)).toBe('intro [REDACTED:private-key] outro text here');
    expect(decisions).toEqual([{ guardrail: 'secrets', action: 'redact', phase: 'answer', found: ['private-key'] }]);
  });

  it('finds a card split into single digits across sixteen chunks', () => {
    const { tap } = guard(32);
    const out = [...'pay 4111111111111111 now'].map((character) => tap.event(chunk(character)));
    out.push(tap.event(finish), tap.event('data: [DONE]\n\n'));
    expect(assembled(out)).toBe('pay [REDACTED:payment-card] now');
    expect(out.at(-1)).toBe('data: [DONE]\n\n');
  });

  it('throws the block once the keyword is complete, before any of it went out', () => {
    const { tap } = guard(16, [matchingGuardrail({ name: 'falcon', action: 'block', phases: ['answer'] }, keywordsMatcher(['project falcon']))]);
    const out = [tap.event(chunk('the codename: proj'))];
    expect(() => tap.event(chunk('ect falcon'))).toThrow('blocked by falcon');
    expect(assembled(out)).not.toContain('proj');
  });
});
