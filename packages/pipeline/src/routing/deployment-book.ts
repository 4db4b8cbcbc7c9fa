import type { GatewayErrorKind } from '@modelgate/core';

/** When a deployment leaves rotation, and for how long. */
export interface CooldownPolicy {
  /** Failures in a row (of the kinds below) that take a deployment out of rotation. */
  readonly failureThreshold: number;
  /** How long it stays out; then one request probes it. */
  readonly cooldownMs: number;
  /** The error kinds that count as the deployment failing (an invalid request is the client's fault). */
  readonly countedKinds: readonly GatewayErrorKind[];
}

export const DEFAULT_COOLDOWN_POLICY: CooldownPolicy = {
  failureThreshold: 3,
  cooldownMs: 30_000,
  countedKinds: ['rate_limited', 'overloaded', 'server', 'timeout', 'authentication', 'insufficient_quota'],
};

/** `in-rotation`; `cooling-down` until `cooledUntil`; then `probe-due` until one request tries it (`probing`). */
export type DeploymentState = 'in-rotation' | 'cooling-down' | 'probe-due' | 'probing';

export interface DeploymentStatus {
  readonly id: string;
  readonly state: DeploymentState;
  readonly consecutiveFailures: number;
  /** Unix ms; set while cooling down. */
  readonly cooledUntil?: number;
  readonly inFlight: number;
  /** Moving average of the time to the upstream's first byte, in ms; undefined before any answer. */
  readonly timeToFirstByteMs?: number;
  readonly lastErrorKind?: GatewayErrorKind;
}

interface Entry {
  consecutiveFailures: number;
  cooledUntil?: number;
  probing: boolean;
  inFlight: number;
  timeToFirstByteMs?: number;
  lastErrorKind?: GatewayErrorKind;
}

/**
 * Told when this book takes a deployment out of rotation, so that a host running several books
 * (one per serving process) can pass it on to the others' `coolDown`. Must not throw.
 */
export interface DeploymentBookListener {
  cooledDown?(id: string, cooledUntil: number): void;
}

/** Weight of the newest sample in the moving average of time to first byte. */
const LATENCY_SMOOTHING = 0.2;

/**
 * What the gateway knows about each deployment's health and load, in this process: consecutive
 * failures and cooldowns (circuit breaking: out of rotation for `cooldownMs`, then one probe
 * request brings it back or sends it out again), requests in flight, and a moving average of the
 * time to first byte. Read by the strategies that pick a deployment, `/health` and the admin API.
 */
export class DeploymentBook {
  private readonly entries = new Map<string, Entry>();

  /**
   * `keeps` names the deployments whose health is remembered between requests (the router's
   * listed ones); any other (an id a client made up under a provider's pattern) has an entry only
   * while a request is on it, so the book's size is bounded by the config, not by clients.
   */
  constructor(
    private readonly policy: CooldownPolicy = DEFAULT_COOLDOWN_POLICY,
    private readonly now: () => number = Date.now,
    private readonly keeps: (id: string) => boolean = () => true,
    private readonly listener: DeploymentBookListener = {},
  ) {}

  state(id: string): DeploymentState {
    const entry = this.entries.get(id);
    if (!entry || entry.cooledUntil === undefined) return 'in-rotation';
    if (entry.probing) return 'probing';
    return this.now() < entry.cooledUntil ? 'cooling-down' : 'probe-due';
  }

  /** Whether a request may go to it now: in rotation, or due for its probe (which this request then is). */
  mayUse(id: string): boolean {
    const state = this.state(id);
    return state === 'in-rotation' || state === 'probe-due';
  }

  /** A request starts on the deployment; call the returned function when it has ended. */
  begin(id: string): () => void {
    const entry = this.entry(id);
    this.entries.set(id, entry);
    if (this.state(id) === 'probe-due') entry.probing = true;
    entry.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.inFlight--;
      if (entry.inFlight === 0 && !this.keeps(id)) this.entries.delete(id);
    };
  }

  succeeded(id: string, timeToFirstByteMs: number): void {
    const entry = this.entry(id);
    entry.consecutiveFailures = 0;
    entry.cooledUntil = undefined;
    entry.probing = false;
    entry.timeToFirstByteMs = entry.timeToFirstByteMs === undefined ? timeToFirstByteMs : entry.timeToFirstByteMs + LATENCY_SMOOTHING * (timeToFirstByteMs - entry.timeToFirstByteMs);
  }

  /**
   * An attempt failed with an error of this kind; `cooldowns` is false for a model with one
   * deployment (there is nowhere else to go). Returns true when this failure started a cooldown.
   */
  failed(id: string, kind: GatewayErrorKind, cooldowns: boolean): boolean {
    const entry = this.entry(id);
    entry.lastErrorKind = kind;
    if (!this.policy.countedKinds.includes(kind)) return false;
    entry.consecutiveFailures++;
    if (!cooldowns) return false;
    if (entry.probing || entry.consecutiveFailures >= this.policy.failureThreshold) {
      entry.cooledUntil = this.now() + this.policy.cooldownMs;
      entry.probing = false;
      if (this.keeps(id)) this.listener.cooledDown?.(id, entry.cooledUntil);
      return true;
    }
    return false;
  }

  /**
   * A cooldown learned elsewhere (another serving process of the same gateway saw the deployment
   * fail): out of rotation until `cooledUntil`, then probed as after a cooldown of its own. Only a
   * kept deployment is noted; the listener is not told (it was the source).
   */
  coolDown(id: string, cooledUntil: number): void {
    if (!this.keeps(id)) return;
    const entry = this.entry(id);
    if (entry.cooledUntil !== undefined && entry.cooledUntil >= cooledUntil) return;
    entry.cooledUntil = cooledUntil;
    entry.probing = false;
  }

  inFlight(id: string): number {
    return this.entries.get(id)?.inFlight ?? 0;
  }

  timeToFirstByteMs(id: string): number | undefined {
    return this.entries.get(id)?.timeToFirstByteMs;
  }

  status(id: string): DeploymentStatus {
    const entry = this.entries.get(id);
    return {
      id,
      state: this.state(id),
      consecutiveFailures: entry?.consecutiveFailures ?? 0,
      cooledUntil: entry?.cooledUntil,
      inFlight: entry?.inFlight ?? 0,
      timeToFirstByteMs: entry?.timeToFirstByteMs === undefined ? undefined : Math.round(entry.timeToFirstByteMs),
      lastErrorKind: entry?.lastErrorKind,
    };
  }

  /** The deployment's entry; one that is not kept and has no request on it is not stored. */
  private entry(id: string): Entry {
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { consecutiveFailures: 0, probing: false, inFlight: 0 };
      if (this.keeps(id)) this.entries.set(id, entry);
    }
    return entry;
  }

  /** How many deployments the book holds an entry for. */
  get size(): number {
    return this.entries.size;
  }
}
