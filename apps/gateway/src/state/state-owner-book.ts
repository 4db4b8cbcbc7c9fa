import type { LoggerV1 } from '@modelgate/core';
import type { Exchange, PipelineExtension, RequestHooks, StateOwner, VendorStateOwners } from '@modelgate/pipeline';
import type { GatewayStore } from '../store/gateway-store.js';

/** Owners remembered in memory, newest last: enough for the conversations in progress on a replica. */
const RECENT_OWNERS = 10_000;

/**
 * Which key created which vendor-side state (a stored Responses API response, an
 * `encrypted_content` blob by its digest), and on which
 * provider instance (organisation), so the pipeline can refuse another key that chains it and pin
 * the owner's requests to where it lives. An owner is remembered in this process the moment the answer
 * that created it is complete (before the client has its id, so the owner's next turn always finds
 * it here) and written to the store for the other replicas and after a restart. The memory is a
 * bounded map, oldest forgotten first; the store has every owner.
 */
export class StateOwnerBook implements VendorStateOwners, PipelineExtension {
  readonly id = 'state-owners';
  private readonly recent = new Map<string, StateOwner>();

  constructor(
    private readonly store: Pick<GatewayStore, 'recordStateOwner' | 'stateOwner'>,
    private readonly logger: Pick<LoggerV1, 'warn'>,
  ) {}

  /** Notes the owner of what a request's answer created, once the answer is complete. */
  open(exchange: Exchange): RequestHooks {
    return { answerComplete: () => this.answerComplete(exchange) };
  }

  private answerComplete(exchange: Exchange): void {
    const ids = [...(exchange.createdStateId === undefined ? [] : [exchange.createdStateId]), ...(exchange.mintedBlobStateIds ?? [])];
    if (ids.length === 0) return;
    const provider = exchange.servedBy?.deployment.instance.id;
    const owner: StateOwner = provider === undefined ? { keyId: exchange.key.id } : { keyId: exchange.key.id, provider };
    for (const id of ids) {
      this.remember(id, owner);
      this.store.recordStateOwner(id, owner, Date.now()).catch((error: unknown) => {
        this.logger.warn({ err: error, requestId: exchange.requestId }, 'could not record the owner of a stored response or blob; other replicas will not know it');
      });
    }
  }

  async ownerOf(id: string): Promise<StateOwner | undefined> {
    return this.recent.get(id) ?? (await this.store.stateOwner(id));
  }

  private remember(id: string, owner: StateOwner): void {
    this.recent.delete(id);
    this.recent.set(id, owner);
    if (this.recent.size > RECENT_OWNERS) this.recent.delete(this.recent.keys().next().value!);
  }
}
