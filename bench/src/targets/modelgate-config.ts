import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALWAYS_503_PREFIX, HOLD_MODEL, LONG_MODEL } from '../simulator/simulator-routes.js';
import type { Checkout } from './checkout.js';

export const MODELGATE_KEY = 'mg-bench-key-0123456789abcdef';
const MODELGATE_METRICS_TOKEN = 'mg-bench-metrics-token-0123456789';

export const MODELGATE_MODELS = {
  openai: 'bench-openai',
  anthropic: 'bench-anthropic',
  gemini: 'bench-gemini',
  hold: 'bench-hold',
  openaiLong: 'bench-openai-long',
  anthropicLong: 'bench-anthropic-long',
  retried: 'bench-retried',
  cached: 'bench-cached',
} as const;

/** What an answer of `bench-cached` says when the response cache answered it. */
export const CACHE_HIT_ANSWER_HEADERS = { 'x-modelgate-cache': 'hit' } as const;

/** What an answer of `bench-retried` says when the retry really happened: the 503, then the healthy deployment. */
export const RETRIED_ANSWER_HEADERS = { 'x-modelgate-attempts': '2' } as const;

/**
 * Retries on, so `bench-retried` retries each request once. The failure threshold is out of reach
 * so its failing deployment never cools down: a cooled-down deployment is skipped, not retried,
 * and the measurement would quietly become the healthy path. Models with one deployment never
 * retry (nothing fails), so the other scenarios run as without it.
 */
const RESILIENCE = { retry: { maxAttempts: 2 }, cooldown: { failureThreshold: 1_000_000_000 } };

export type UpstreamTransport = 'got' | 'undici';

export interface ModelgateConfigInput {
  readonly port: number;
  readonly simulatorUrl: string;
  readonly logLevel: string;
  readonly transport: UpstreamTransport;
  /** Whose plugins the providers load (the workspace's or the baseline's). */
  readonly checkout: Checkout;
  /** `server.workers`; 1 leaves it out (a checkout from before it existed still starts). */
  readonly workers: number | 'auto';
}

function providersAndModels({ simulatorUrl, checkout: { plugins } }: ModelgateConfigInput): { providers: object[]; models: object[] } {
  const providers: object[] = [];
  const models: object[] = [];
  if (plugins.openai) {
    providers.push(
      { package: plugins.openai, id: 'openai', settings: { apiKey: 'sk-bench', baseUrl: `${simulatorUrl}/v1` } },
      { package: plugins.openai, id: 'openai-down', settings: { apiKey: 'sk-bench', baseUrl: `${simulatorUrl}${ALWAYS_503_PREFIX}/v1` } },
    );
    models.push(
      { id: MODELGATE_MODELS.openai, provider: 'openai', upstreamModel: 'gpt-bench' },
      { id: MODELGATE_MODELS.hold, provider: 'openai', upstreamModel: HOLD_MODEL },
      { id: MODELGATE_MODELS.openaiLong, provider: 'openai', upstreamModel: LONG_MODEL },
      // The model's own provider is its first deployment (weight 1); weighted order puts a weight-0
      // deployment last, so every request tries the failing one first.
      { id: MODELGATE_MODELS.retried, provider: 'openai-down', upstreamModel: 'gpt-bench', deployments: [{ provider: 'openai', weight: 0 }] },
      { id: MODELGATE_MODELS.cached, provider: 'openai', upstreamModel: 'gpt-bench' },
    );
  }
  if (plugins.anthropic) {
    providers.push({ package: plugins.anthropic, id: 'anthropic', settings: { apiKey: 'sk-ant-bench', baseUrl: `${simulatorUrl}/v1` } });
    models.push(
      { id: MODELGATE_MODELS.anthropic, provider: 'anthropic', upstreamModel: 'claude-bench' },
      { id: MODELGATE_MODELS.anthropicLong, provider: 'anthropic', upstreamModel: LONG_MODEL },
    );
  }
  if (plugins.google) {
    providers.push({ package: plugins.google, id: 'google', settings: { apiKey: 'bench-google-key', baseUrl: `${simulatorUrl}/v1beta` } });
    models.push({ id: MODELGATE_MODELS.gemini, provider: 'google', upstreamModel: 'gemini-bench' });
  }
  return { providers, models };
}

function hasResponseCache(checkout: Checkout): boolean {
  return existsSync(join(checkout.root, 'apps/gateway/dist/modules/response-cache'));
}

/** Writes the gateway's config (JSON, which is YAML) to a fresh temporary folder; returns its path. */
export function writeModelgateConfig(input: ModelgateConfigInput): string {
  const config = {
    // Every bench client comes from 127.0.0.1, and the open-streams figure needs 1,000 connections at once.
    server: { host: '127.0.0.1', port: input.port, maxConnectionsPerAddress: 0, ...(input.workers !== 1 && { workers: input.workers }) },
    logging: { level: input.logLevel },
    upstream: { transport: input.transport },
    ...providersAndModels(input),
    resilience: RESILIENCE,
    keys: [{ name: 'bench', key: MODELGATE_KEY }],
    // As a production gateway runs: a scraper can read /metrics, so every request updates them
    // (without a token the gateway keeps none, and skips that work).
    metrics: { token: MODELGATE_METRICS_TOKEN },
    // A checkout from before the response cache (issue 33) refuses the section; its cache measurement is skipped.
    ...(hasResponseCache(input.checkout) && { responseCache: { models: [MODELGATE_MODELS.cached] } }),
  };
  const path = join(mkdtempSync(join(tmpdir(), 'modelgate-bench-')), 'modelgate.yaml');
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}
