import { describe, expect, it } from '@jest/globals';
import type { ModelCardV1, ProviderV1 } from '@modelgate/core';
import { resolveModelForKey } from '../scope/key-scope.js';
import { ModelRouter } from './model-router.js';
import type { ProviderInstance } from './provider-instance.js';

const GPT_CARD: ModelCardV1 = { id: 'gpt-5', created: 1_754_524_800, ownedBy: 'openai', contextWindow: 400_000, maxOutputTokens: 128_000, pricing: { input: 1.25, output: 10 }, capabilities: { tools: true } };

function instance(id: string, family: string, patterns: string[], options: { cards?: ModelCardV1[] } = {}): ProviderInstance {
  const provider = { chat: {} as ProviderV1['chat'], models: options.cards } as ProviderV1;
  return { id, family, source: '(test)', plugin: {} as never, provider, unlistedModelPatterns: patterns };
}

function router(instances: ProviderInstance[], models: ConstructorParameters<typeof ModelRouter>[0] = []): ModelRouter {
  return new ModelRouter(models, new Map(instances.map((entry) => [entry.id, entry])), 1_000);
}

describe('ModelRouter', () => {
  it('resolves configured models first, then the one provider whose pattern matches', () => {
    const models = router([instance('openai', 'openai', ['gpt-*'], { cards: [GPT_CARD] }), instance('anthropic', 'anthropic', ['claude-*'])], [{ id: 'gpt-house', provider: 'anthropic', upstreamModel: 'claude-x' }]);
    expect(models.resolve('gpt-house')).toMatchObject({ publicId: 'gpt-house', upstreamModel: 'claude-x', instance: { id: 'anthropic' } });
    expect(models.resolve('gpt-5')).toMatchObject({ publicId: 'gpt-5', upstreamModel: 'gpt-5', instance: { id: 'openai' }, card: GPT_CARD });
    expect(models.resolve('claude-sonnet-4-5')).toMatchObject({ instance: { id: 'anthropic' } });
    expect(models.resolve('mistral-large')).toBeUndefined();
  });

  it('does not guess an id several providers match: it names the qualified forms', () => {
    const models = router([instance('east', 'openai', ['gpt-*'], { cards: [GPT_CARD] }), instance('west', 'openai', ['gpt-*'], { cards: [GPT_CARD] })]);
    const lookup = models.lookup('gpt-5');
    expect(lookup.route).toBeUndefined();
    expect(lookup.candidates?.map((route) => route.publicId)).toEqual(['east/gpt-5', 'west/gpt-5']);
    expect(models.resolve('west/gpt-5')).toMatchObject({ publicId: 'west/gpt-5', upstreamModel: 'gpt-5', instance: { id: 'west' }, card: GPT_CARD });
    // Listed once per provider, under the names that reach it.
    expect(models.list().map((model) => model.id)).toEqual(['east/gpt-5', 'west/gpt-5']);
  });

  it('serves `<instance>/<model>` only for a model the instance serves by its patterns', () => {
    const models = router([instance('vllm', 'local', ['meta-llama/*']), instance('closed', 'local', [])]);
    expect(models.resolve('vllm/meta-llama/Llama-3.1-8B')).toMatchObject({ upstreamModel: 'meta-llama/Llama-3.1-8B', instance: { id: 'vllm' } });
    expect(models.resolve('vllm/qwen2.5')).toBeUndefined();
    expect(models.resolve('closed/anything')).toBeUndefined();
    expect(models.resolve('nowhere/anything')).toBeUndefined();
    expect(models.resolve('vllm/')).toBeUndefined();
  });

  it('serves every id its catalog lists, also one no pattern matches (an Azure deployment, an undated Vertex id), patterns first (issue 32)', () => {
    const deployment: ModelCardV1 = { ...GPT_CARD, id: 'house-gpt5' };
    const undated: ModelCardV1 = { ...GPT_CARD, id: 'claude-opus-4-6', ownedBy: 'anthropic' };
    const models = router([instance('azure', 'openai', ['gpt-*'], { cards: [deployment] }), instance('vertex', 'anthropic', ['claude-*@*'], { cards: [undated] }), instance('anthropic', 'anthropic', ['claude-*'])]);
    // Listed, and served under the name listed and qualified, with its card.
    expect(models.list().map((model) => model.id)).toEqual(['house-gpt5', 'vertex/claude-opus-4-6']);
    expect(models.resolve('house-gpt5')).toMatchObject({ upstreamModel: 'house-gpt5', instance: { id: 'azure' }, pricing: GPT_CARD.pricing });
    expect(models.resolve('azure/house-gpt5')).toMatchObject({ upstreamModel: 'house-gpt5', instance: { id: 'azure' }, pricing: GPT_CARD.pricing });
    expect(models.resolve('vertex/claude-opus-4-6')).toMatchObject({ instance: { id: 'vertex' }, pricing: GPT_CARD.pricing });
    // A pattern match still wins: the plain id stays Anthropic's, as before Vertex listed it.
    expect(models.resolve('claude-opus-4-6')).toMatchObject({ instance: { id: 'anthropic' } });
  });

  it("lets the config override a provider's card, field by field", () => {
    const models = router([instance('openai', 'openai', ['gpt-*'], { cards: [GPT_CARD] })], [
      { id: 'gpt-5', provider: 'openai', displayName: 'House GPT', maxOutputTokens: 8_000, capabilities: { vision: true } },
    ]);
    expect(models.resolve('gpt-5')?.card).toEqual({ ...GPT_CARD, displayName: 'House GPT', maxOutputTokens: 8_000, capabilities: { tools: true, vision: true } });
  });
});

describe('resolveModelForKey', () => {
  const ambiguous = router([instance('east', 'openai', ['gpt-*']), instance('west', 'openai', ['gpt-*'])]);

  it('answers 404 naming GET /v1/models, and for an ambiguous id the qualified forms the key may use', () => {
    expect(() => resolveModelForKey(ambiguous, {}, 'unknown-model')).toThrow(expect.objectContaining({ status: 404, code: 'model_not_found', message: expect.stringContaining('GET /v1/models') }));
    expect(() => resolveModelForKey(ambiguous, {}, 'gpt-5')).toThrow(expect.objectContaining({ status: 404, message: expect.stringContaining("'east/gpt-5' or 'west/gpt-5'") }));
    expect(() => resolveModelForKey(ambiguous, { allowedModels: ['west/*'] }, 'gpt-5')).toThrow(expect.objectContaining({ message: expect.not.stringContaining('east/') }));
  });

  it('checks a qualified id against the scope as it is, instance included (issue 27)', () => {
    expect(() => resolveModelForKey(ambiguous, { allowedModels: ['gpt-5'] }, 'east/gpt-5')).toThrow(expect.objectContaining({ status: 404 }));
    expect(resolveModelForKey(ambiguous, { allowedModels: ['east/gpt-5'] }, 'east/gpt-5').instance.id).toBe('east');
    expect(resolveModelForKey(ambiguous, { allowedModels: ['*/gpt-5'] }, 'west/gpt-5').instance.id).toBe('west');
    expect(() => resolveModelForKey(ambiguous, { allowedModels: ['east/*'] }, 'west/gpt-5')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
