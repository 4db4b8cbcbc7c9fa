import { describe, expect, it } from '@jest/globals';
import type { ProviderV1 } from '@modelgate/core';
import { DeploymentBook } from './deployment-book.js';
import type { Deployment, ModelRoute } from './model-router.js';
import { orderDeployments } from './order-deployments.js';

function deployment(id: string, weight = 1): Deployment {
  return { id, instance: { id, family: 'f', source: '(test)', plugin: {} as never, provider: {} as ProviderV1, unlistedModelPatterns: [] }, upstreamModel: 'm', weight };
}

function route(strategy: ModelRoute['strategy'], deployments: Deployment[]): ModelRoute {
  return { publicId: 'm', upstreamModel: 'm', instance: deployments[0]!.instance, created: 0, aliases: [], deployments, strategy, fallbacks: [] };
}

/** A deterministic stand-in for Math.random. */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[index++ % values.length]!;
}

describe('orderDeployments', () => {
  it('draws by weight: a deployment with three times the weight goes first about three times as often', () => {
    const model = route('weighted', [deployment('a', 3), deployment('b', 1)]);
    let firstA = 0;
    for (let draw = 0; draw < 400; draw++) if (orderDeployments(model, new DeploymentBook(), sequence(draw / 400))[0]!.id === 'a') firstA++;
    expect(firstA).toBe(300);
  });

  it('puts the deployment with the fewest requests in flight first', () => {
    const book = new DeploymentBook();
    book.begin('a');
    book.begin('a');
    book.begin('b');
    expect(orderDeployments(route('least-busy', [deployment('a'), deployment('b'), deployment('c')]), book, sequence(0.1)).map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });

  it('puts the fastest first, after any not yet measured', () => {
    const book = new DeploymentBook();
    book.succeeded('a', 300);
    book.succeeded('b', 50);
    expect(orderDeployments(route('lowest-latency', [deployment('a'), deployment('b'), deployment('c')]), book, sequence(0.1)).map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });

  it('leaves out what is cooling down, and gives nothing when everything is', () => {
    const book = new DeploymentBook({ failureThreshold: 1, cooldownMs: 60_000, countedKinds: ['server'] });
    book.failed('a', 'server', true);
    expect(orderDeployments(route('weighted', [deployment('a'), deployment('b')]), book).map((d) => d.id)).toEqual(['b']);
    book.failed('b', 'server', true);
    expect(orderDeployments(route('weighted', [deployment('a'), deployment('b')]), book)).toEqual([]);
  });
});
