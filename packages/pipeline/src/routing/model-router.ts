import { matchesModelPattern, type ModelCardV1, type ModelObject, type ModelPricingV1, type PromptCachePolicyV1 } from '@modelgate/core';
import type { DeploymentStrategy, FallbackEntry, ModelEntry } from './model-entry.js';
import type { ProviderInstance } from './provider-instance.js';

/** One place a model is served from. */
export interface Deployment {
  /** `<instance>/<upstream model>`: unique per gateway, shown in headers, health and usage records. */
  readonly id: string;
  readonly instance: ProviderInstance;
  readonly upstreamModel: string;
  readonly weight: number;
  /** The provider's card for that upstream model, with the config's overrides. */
  readonly card?: ModelCardV1;
  readonly pricing?: ModelPricingV1;
}

export interface ModelRoute {
  /** The id the gateway answers to (an alias resolves to its model's id). */
  readonly publicId: string;
  readonly upstreamModel: string;
  readonly instance: ProviderInstance;
  readonly created: number;
  readonly pricing?: ModelPricingV1;
  /** Other ids that resolve to this model. */
  readonly aliases: readonly string[];
  /** What is known about the upstream model (context window, output limit, prices): the provider's card with the config's overrides. */
  readonly card?: ModelCardV1;
  /** Where it is served from; the first is `instance` / `upstreamModel` above. */
  readonly deployments: readonly Deployment[];
  readonly strategy: DeploymentStrategy;
  /** Models to try when every deployment failed. */
  readonly fallbacks: readonly FallbackEntry[];
  /** The operator's prompt-caching policy for it, handed to translators. */
  readonly promptCache?: PromptCachePolicyV1;
}

/** What an id names: one route, several providers that would all serve it, or nothing. */
export type ModelLookup =
  | { readonly route: ModelRoute; readonly candidates?: undefined }
  | { readonly route?: undefined; readonly candidates: readonly ModelRoute[] };

const NOTHING: ModelLookup = { candidates: [] };

/**
 * Maps model ids to a provider instance and the upstream's model name, in this order:
 *
 * 1. the configured models and their aliases;
 * 2. the id patterns of providers that serve unlisted ids (`gpt-*`, `claude-*`, `gemini-*`, …):
 *    one provider must match, several make the id ambiguous;
 * 3. `<instance>/<model>`, naming the provider instance explicitly: how an id several providers
 *    match is reached (the instance must serve the model by its patterns).
 */
export class ModelRouter {
  private readonly routes = new Map<string, ModelRoute>();
  private readonly listed: ModelRoute[] = [];
  /** The names and deployment ids of the listed models: what the config and the providers' catalogs name. */
  private readonly listedNames = new Set<string>();
  private readonly listedDeployments = new Set<string>();

  constructor(
    models: readonly ModelEntry[],
    private readonly instances: ReadonlyMap<string, ProviderInstance>,
    private readonly startedAt: number,
  ) {
    for (const model of models) {
      const instance = instances.get(model.provider);
      if (!instance) {
        throw new Error(`model '${model.id}' names provider '${model.provider}', which is not configured`);
      }
      const upstreamModel = model.upstreamModel ?? model.id;
      const card = withOverrides(findCard(instance, upstreamModel), model);
      const pricing = model.pricing ?? card?.pricing;
      const primary: Deployment = { id: `${instance.id}/${upstreamModel}`, instance, upstreamModel, weight: 1, card, pricing };
      const route: ModelRoute = {
        publicId: model.id,
        upstreamModel,
        instance,
        created: model.created ?? card?.created ?? startedAt,
        pricing,
        aliases: model.aliases ?? [],
        card,
        deployments: [primary, ...(model.deployments ?? []).map((entry) => this.deployment(model, entry.provider, entry.upstreamModel ?? upstreamModel, entry.weight))],
        strategy: model.strategy ?? 'weighted',
        fallbacks: model.fallbacks ?? [],
        ...(model.promptCache && { promptCache: model.promptCache }),
      };
      const ids = route.deployments.map((deployment) => deployment.id);
      if (new Set(ids).size !== ids.length) throw new Error(`model '${model.id}' lists a deployment twice (${ids.join(', ')})`);
      for (const name of [model.id, ...(model.aliases ?? [])]) {
        if (this.routes.has(name)) throw new Error(`model id or alias '${name}' is configured twice`);
        this.routes.set(name, route);
      }
      this.listed.push(route);
    }
    // Catalog models of providers that serve unlisted ids are listed too, unless configured
    // above: under their own id when it reaches only that provider, else as `<instance>/<id>`.
    for (const instance of instances.values()) {
      if (instance.unlistedModelPatterns.length === 0) continue;
      for (const card of instance.provider.models ?? []) {
        if (this.routes.has(card.id)) continue;
        // The plain id only when it reaches this instance (another may serve it by its patterns).
        const route = this.lookup(card.id).route;
        this.listed.push(route?.instance === instance ? route : this.routeFromCard(instance, `${instance.id}/${card.id}`, card.id));
      }
    }
    for (const route of this.listed) {
      for (const name of [route.publicId, ...route.aliases]) this.listedNames.add(name);
      for (const deployment of route.deployments) this.listedDeployments.add(deployment.id);
    }
  }

  /**
   * Whether a model id or deployment id is one the config or a provider's catalog names, rather
   * than one a client made up under a provider's id pattern. What is kept per model in memory
   * (metrics series, deployment health) is kept only for these, so its size is bounded by the
   * config, never by what clients send.
   */
  isListedModel(id: string): boolean {
    return this.listedNames.has(id);
  }

  isListedDeployment(id: string): boolean {
    return this.listedDeployments.has(id);
  }

  /** The route an id names, or the routes it could name when several providers match it. */
  lookup(model: string): ModelLookup {
    const configured = this.routes.get(model);
    if (configured) return { route: configured };
    const instances = [...this.instances.values()];
    // By pattern first; an id no pattern matches may still be a card of one (an Azure deployment's name).
    const byPattern = instances.filter((instance) => servesByPattern(instance, model));
    const matching = byPattern.length > 0 ? byPattern : instances.filter((instance) => servesUnlisted(instance, model));
    if (matching.length === 1) return { route: this.routeFromCard(matching[0]!, model, model) };
    if (matching.length > 1) return { candidates: matching.map((instance) => this.routeFromCard(instance, `${instance.id}/${model}`, model)) };
    return this.lookupQualified(model);
  }

  /** The one route an id names; undefined when it names none or several. */
  resolve(model: string): ModelRoute | undefined {
    return this.lookup(model).route;
  }

  list(): ModelObject[] {
    return this.listed.map((route) => toModelObject(route));
  }

  /**
   * The listed models a caller may see, each under its public id or, when only an alias is
   * allowed, under that alias: as OpenAI's model objects, or in another dialect's shape (`present`).
   */
  listFor(mayUse: (names: readonly string[], family: string) => boolean): ModelObject[];
  listFor<T>(mayUse: (names: readonly string[], family: string) => boolean, present: (route: ModelRoute, name: string) => T): T[];
  listFor<T>(mayUse: (names: readonly string[], family: string) => boolean, present: (route: ModelRoute, name: string) => T | ModelObject = toModelObject): Array<T | ModelObject> {
    return this.listed.flatMap((route) => {
      if (mayUse(scopeNamesOf(route), route.instance.family)) return [present(route, route.publicId)];
      const name = route.aliases.find((candidate) => mayUse([candidate], route.instance.family));
      return name === undefined ? [] : [present(route, name)];
    });
  }

  /** Every listed model with what is known about it, for the human-readable catalog. */
  catalog(): readonly ModelRoute[] {
    return this.listed;
  }

  /** The model object of a route, under the name it was asked for (an alias stays an alias). */
  /** The provider instance of this id (where vendor-side state lives), when it is configured. */
  instance(id: string): ProviderInstance | undefined {
    return this.instances.get(id);
  }

  describe(route: ModelRoute, name = route.publicId): ModelObject {
    return toModelObject(route, name);
  }

  /** `<instance>/<model>`: the instance must exist and serve that model by its patterns or its catalog. */
  private lookupQualified(model: string): ModelLookup {
    const slash = model.indexOf('/');
    if (slash <= 0) return NOTHING;
    const instance = this.instances.get(model.slice(0, slash));
    const upstreamModel = model.slice(slash + 1);
    if (!instance || !servesUnlisted(instance, upstreamModel)) return NOTHING;
    return { route: this.routeFromCard(instance, model, upstreamModel) };
  }

  private deployment(model: ModelEntry, provider: string, upstreamModel: string, weight = 1): Deployment {
    const instance = this.instances.get(provider);
    if (!instance) throw new Error(`model '${model.id}' has a deployment on provider '${provider}', which is not configured`);
    const card = withOverrides(findCard(instance, upstreamModel), { ...model, upstreamModel });
    return { id: `${instance.id}/${upstreamModel}`, instance, upstreamModel, weight, card, pricing: model.pricing ?? card?.pricing };
  }

  private routeFromCard(instance: ProviderInstance, publicId: string, upstreamModel: string, card = findCard(instance, upstreamModel)): ModelRoute {
    const deployment: Deployment = { id: `${instance.id}/${upstreamModel}`, instance, upstreamModel, weight: 1, card, pricing: card?.pricing };
    return { publicId, upstreamModel, instance, created: card?.created ?? this.startedAt, pricing: card?.pricing, aliases: [], card, deployments: [deployment], strategy: 'weighted', fallbacks: [] };
  }
}

/**
 * The names a key's model scope is checked against for a route: its public id only. An id that
 * names its provider instance (`other/gpt-4o`) is checked as it is, instance included, so a key
 * scoped to `gpt-4o` does not reach the same model name on another instance, with other
 * credentials and prices; a scope names such ids itself (`other/gpt-4o` or `other/*`).
 * (An alias is checked as the client sent it.)
 */
export function scopeNamesOf(route: ModelRoute): readonly string[] {
  return [route.publicId];
}

/**
 * Whether an instance serving unlisted ids serves this one: by its patterns, or because its
 * catalog lists it (an Azure deployment's name, Vertex's undated `claude-opus-4-6`), since what
 * the catalog lists must be servable.
 */
function servesUnlisted(instance: ProviderInstance, model: string): boolean {
  return servesByPattern(instance, model) || (instance.unlistedModelPatterns.length > 0 && findCard(instance, model) !== undefined);
}

function servesByPattern(instance: ProviderInstance, model: string): boolean {
  return instance.unlistedModelPatterns.some((pattern) => matchesModelPattern(pattern, model));
}

function findCard(instance: ProviderInstance, upstreamModel: string): ModelCardV1 | undefined {
  return instance.provider.models?.find((card) => card.id === upstreamModel);
}

/** The provider's card with the config entry's overrides; a card of its own when the provider has none. */
function withOverrides(card: ModelCardV1 | undefined, entry: ModelEntry): ModelCardV1 | undefined {
  const overrides = {
    ...(entry.displayName !== undefined && { displayName: entry.displayName }),
    ...(entry.contextWindow !== undefined && { contextWindow: entry.contextWindow }),
    ...(entry.maxOutputTokens !== undefined && { maxOutputTokens: entry.maxOutputTokens }),
    ...(entry.capabilities !== undefined && { capabilities: { ...card?.capabilities, ...entry.capabilities } }),
    ...(entry.pricing !== undefined && { pricing: entry.pricing }),
  };
  if (Object.keys(overrides).length === 0) return card;
  return { id: entry.upstreamModel ?? entry.id, created: entry.created ?? card?.created ?? 0, ownedBy: card?.ownedBy ?? entry.provider, ...card, ...overrides };
}

function toModelObject(route: ModelRoute, id = route.publicId): ModelObject {
  return { id, object: 'model', created: route.created, owned_by: route.instance.family };
}
