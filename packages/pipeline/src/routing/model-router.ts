import { matchesModelPattern, type ModelCardV1, type ModelObject, type ModelPricingV1 } from '@modelgate/core';
import type { ModelEntry } from './model-entry.js';
import type { ProviderInstance } from './provider-instance.js';

export interface ModelRoute {
  /** The id the gateway answers to (an alias resolves to its model's id). */
  readonly publicId: string;
  readonly upstreamModel: string;
  readonly instance: ProviderInstance;
  readonly created: number;
  readonly pricing?: ModelPricingV1;
  /** Other ids that resolve to this model. */
  readonly aliases: readonly string[];
  /** What the provider knows about the upstream model (context window, output limit, prices). */
  readonly card?: ModelCardV1;
}

/** Maps public model ids and aliases to a provider instance and the upstream's model name. */
export class ModelRouter {
  private readonly routes = new Map<string, ModelRoute>();
  private readonly listed: ModelRoute[] = [];

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
      const card = findCard(instance, upstreamModel);
      const route: ModelRoute = {
        publicId: model.id,
        upstreamModel,
        instance,
        created: model.created ?? card?.created ?? startedAt,
        pricing: model.pricing ?? card?.pricing,
        aliases: model.aliases ?? [],
        card,
      };
      for (const name of [model.id, ...(model.aliases ?? [])]) {
        if (this.routes.has(name)) throw new Error(`model id or alias '${name}' is configured twice`);
        this.routes.set(name, route);
      }
      this.listed.push(route);
    }
    // Catalog models of providers that serve unlisted ids are listed too, unless configured above.
    for (const instance of instances.values()) {
      if (instance.unlistedModelPatterns.length === 0) continue;
      for (const card of instance.provider.models ?? []) {
        if (this.routes.has(card.id)) continue;
        this.listed.push(this.routeFromCard(instance, card.id, card));
      }
    }
  }

  resolve(model: string): ModelRoute | undefined {
    const explicit = this.routes.get(model);
    if (explicit) return explicit;
    for (const instance of this.instances.values()) {
      if (instance.unlistedModelPatterns.some((pattern) => matchesModelPattern(pattern, model))) {
        return this.routeFromCard(instance, model, findCard(instance, model));
      }
    }
    return undefined;
  }

  list(): ModelObject[] {
    return this.listed.map((route) => toModelObject(route));
  }

  /**
   * The listed models a caller may see, each under its public id or, when only an alias is
   * allowed, under that alias.
   */
  listFor(mayUse: (names: readonly string[], family: string) => boolean): ModelObject[] {
    return this.listed.flatMap((route) => {
      const name = [route.publicId, ...route.aliases].find((candidate) => mayUse([candidate], route.instance.family));
      return name === undefined ? [] : [toModelObject(route, name)];
    });
  }

  /** Every listed model with what is known about it, for the human-readable catalog. */
  catalog(): readonly ModelRoute[] {
    return this.listed;
  }

  /** The model object of a route, under the name it was asked for (an alias stays an alias). */
  describe(route: ModelRoute, name = route.publicId): ModelObject {
    return toModelObject(route, name);
  }

  private routeFromCard(instance: ProviderInstance, id: string, card: ModelCardV1 | undefined): ModelRoute {
    return { publicId: id, upstreamModel: id, instance, created: card?.created ?? this.startedAt, pricing: card?.pricing, aliases: [], card };
  }
}

function findCard(instance: ProviderInstance, upstreamModel: string): ModelCardV1 | undefined {
  return instance.provider.models?.find((card) => card.id === upstreamModel);
}

function toModelObject(route: ModelRoute, id = route.publicId): ModelObject {
  return { id, object: 'model', created: route.created, owned_by: route.instance.family };
}
