import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { SseParser, type CallContextV1, type ChatCompletionRequest, type TranslationWarningV1 } from '@modelgate/core';
import { AnthropicStreamTranslator } from './anthropic-stream-translator.js';
import { convertToAnthropicRequest } from './convert-to-anthropic-request.js';
import { validateAnthropicRequest } from './testing/validate-anthropic-request.js';

// Golden fixtures (fixtures/requests, fixtures/streams): a chat request with the exact Messages body
// and warnings it must become, and an Anthropic SSE transcript with the exact chunks it must become.
// Request goldens must also pass the simulator's rules, so a golden never records a body Anthropic refuses.

const FIXTURES = new URL('../fixtures/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');
const names = (folder: string, extension: string) => readdirSync(new URL(folder, FIXTURES)).filter((name) => name.endsWith(extension)).map((name) => name.slice(0, -extension.length));

interface RequestGolden {
  upstreamModel: string;
  settings?: Record<string, unknown>;
  request: ChatCompletionRequest;
  anthropic: unknown;
  warnings: TranslationWarningV1[];
}

describe('request goldens', () => {
  it.each(names('requests/', '.json'))('%s', (name) => {
    const golden = JSON.parse(read(`requests/${name}.json`)) as RequestGolden;
    const warnings: TranslationWarningV1[] = [];
    const call: CallContextV1 = { requestId: 'r', publicModel: golden.request.model, upstreamModel: golden.upstreamModel, warn: (warning) => warnings.push(warning) };
    const body = convertToAnthropicRequest(golden.request, call, golden.settings ?? {});
    expect(body).toEqual(golden.anthropic);
    expect(warnings).toEqual(golden.warnings);
    expect(validateAnthropicRequest(body)).toBeUndefined();
  });
});

describe('stream goldens', () => {
  it.each(names('streams/', '.sse'))('%s', (name) => {
    const golden = JSON.parse(read(`streams/${name}.json`)) as { includeUsage: boolean; created: number; chunks: unknown[] };
    const parser = new SseParser();
    const events = [...parser.push(read(`streams/${name}.sse`)), ...parser.end()];
    const translator = new AnthropicStreamTranslator(golden.includeUsage, golden.created);
    const chunks = [...events.flatMap((event) => translator.onEvent(event)), ...translator.onEnd()].map((output) => output.chunk);
    expect(chunks).toEqual(golden.chunks);
  });
});
