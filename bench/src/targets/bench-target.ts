import type { BenchOptions } from '../bench-options.js';
import type { RequestSpec } from '../request-spec.js';
import type { Scenario } from '../scenarios.js';

/** Every target, in the order they are measured and reported. */
export const TARGET_NAMES = ['direct', 'bare proxy', 'modelgate got', 'modelgate undici', 'baseline got', 'baseline undici', 'portkey'] as const;

export type TargetName = (typeof TARGET_NAMES)[number];

/** The gateways the goals are judged for. */
export const GATEWAY_TARGETS: readonly TargetName[] = ['modelgate got', 'modelgate undici', 'baseline got', 'baseline undici', 'portkey'];

/** A scenario a target cannot run, and why. */
export interface Skipped {
  readonly skipped: string;
}

/** What a target without deployments and retries answers for a retry measurement. */
export const NO_RETRY_ACROSS_DEPLOYMENTS: Skipped = { skipped: 'skipped: Modelgate only (a retry across deployments)' };

/** What a target without Modelgate's response cache answers for a cache measurement. */
export const NO_RESPONSE_CACHE: Skipped = { skipped: "skipped: Modelgate only (its response cache)" };

export interface RunningTarget {
  readonly name: TargetName;
  /** The process under test (pinned to the proxy core); undefined when going direct. */
  readonly pid: number | undefined;
  /** False once the process under test has exited. */
  isRunning(): boolean;
  /** The request for a scenario; `hold` asks the simulator to keep the stream open. */
  request(scenario: Scenario, hold?: boolean): RequestSpec | Skipped;
  stop(): Promise<void>;
}

export interface TargetContext {
  readonly simulatorUrl: string;
  readonly options: BenchOptions;
}

export interface BenchTarget {
  readonly name: TargetName;
  start(context: TargetContext): Promise<RunningTarget>;
}

export function isSkipped(request: RequestSpec | Skipped): request is Skipped {
  return 'skipped' in request;
}
