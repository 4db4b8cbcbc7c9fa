import { describe, expect, it } from '@jest/globals';
import { findGuardrailPluginProblems, GUARDRAIL_SPECIFICATION_VERSION_V1, type GuardrailCheckV1, type GuardrailInputV1, type GuardrailPluginV1, type GuardrailVerdictV1 } from '@modelgate/core';

export interface GuardrailConformanceOptions {
  readonly name: string;
  /** The plugin as a host loads it (by name or by path), its module's default export unwrapped. */
  readonly load: () => Promise<unknown>;
  /** Handed to its `create`. */
  readonly settings?: unknown;
  /** A text it lets through. */
  readonly allows: string;
  /** A text it blocks, when it blocks anything. */
  readonly blocks?: string;
  /** A text it redacts, when it redacts anything. */
  readonly redacts?: string;
}

const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

function input(texts: readonly string[], phase: GuardrailInputV1['phase'] = 'request'): GuardrailInputV1 {
  return Object.freeze({ phase, texts: Object.freeze([...texts]), model: 'conformance-model', endpoint: 'chat' });
}

function expectVerdict(verdict: GuardrailVerdictV1, texts: readonly string[]): void {
  expect(['allow', 'block', 'redact']).toContain(verdict.action);
  if (verdict.action === 'redact') {
    expect(verdict.texts).toHaveLength(texts.length);
    for (const text of verdict.texts) expect(typeof text).toBe('string');
  }
  if (verdict.action === 'block' && verdict.reason !== undefined) expect(typeof verdict.reason).toBe('string');
}

/**
 * Registers the conformance suite of a guardrail package (GuardrailPluginV1, a jest `describe`):
 * its shape, a well-formed verdict on every phase and on no text at all, the same verdict for the
 * same input (the gateway may check a request once and trust it), inputs left as given (they are
 * frozen here), and the block and redaction its author says it makes.
 */
export function runGuardrailConformance(options: GuardrailConformanceOptions): void {
  describe(`guardrail conformance: ${options.name}`, () => {
    let plugin: GuardrailPluginV1;
    let check: GuardrailCheckV1;

    it(`is a ${GUARDRAIL_SPECIFICATION_VERSION_V1} plugin that creates a check from its settings`, async () => {
      const candidate = await options.load();
      expect(findGuardrailPluginProblems(candidate)).toEqual([]);
      plugin = candidate as GuardrailPluginV1;
      check = await plugin.create(options.settings, { logger: SILENT, env: {} });
      expect(typeof check?.check).toBe('function');
    });

    it('lets the allowed text through on both phases, and answers a verdict for no text at all', async () => {
      for (const phase of ['request', 'answer'] as const) expect(await check.check(input([options.allows], phase))).toEqual({ action: 'allow' });
      expectVerdict(await check.check(input([])), []);
    });

    it('gives the same verdict for the same input, without changing it', async () => {
      const texts = [options.allows, options.blocks ?? options.allows, options.redacts ?? options.allows];
      const first = await check.check(input(texts));
      expectVerdict(first, texts);
      expect(await check.check(input(texts))).toEqual(first);
    });

    if (options.blocks !== undefined) {
      const blocked = options.blocks;
      it('blocks the text its author says it blocks', async () => {
        const verdict = await check.check(input([options.allows, blocked]));
        expect(verdict.action).toBe('block');
        expectVerdict(verdict, [options.allows, blocked]);
      });
    }

    if (options.redacts !== undefined) {
      const redacted = options.redacts;
      it('redacts the text its author says it redacts, one text back for each text given', async () => {
        const texts = [options.allows, redacted];
        const verdict = await check.check(input(texts));
        expectVerdict(verdict, texts);
        if (verdict.action !== 'redact') throw new Error(`expected a redaction, got ${verdict.action}`);
        expect(verdict.texts[0]).toBe(options.allows);
        expect(verdict.texts[1]).not.toBe(redacted);
      });
    }
  });
}
