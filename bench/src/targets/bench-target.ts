import type { BenchOptions } from '../bench-options.js';
import type { RequestSpec, Scenario } from '../scenarios.js';

export type TargetName = 'direct' | 'bare proxy' | 'modelgate' | 'portkey';

/** A scenario a target cannot run, and why. */
export interface Skipped {
  readonly skipped: string;
}

/** What a target without deployments and retries answers for a retry measurement. */
export const NO_RETRY_ACROSS_DEPLOYMENTS: Skipped = { skipped: 'skipped: Modelgate only (a retry across deployments)' };

export interface RunningTarget {
  readonly name: TargetName;
  /** The process under test (pinned to the proxy core); undefined when going direct. */
  readonly pid: number | undefined;
  /** The request for a scenario; `hold` asks the simulator to keep the stream open. */
  request(scenario: Scenario, hold?: boolean): RequestSpec | Skipped;
  stop(): Promise<void>;
}

export interface TargetContext {
  readonly simulatorUrl: string;
  readonly options: BenchOptions;
  /** Absolute path of the built Anthropic plugin, when the package is present and builds. */
  readonly anthropicPluginPath: string | undefined;
}

export interface BenchTarget {
  readonly name: TargetName;
  start(context: TargetContext): Promise<RunningTarget>;
}

export function isSkipped(request: RequestSpec | Skipped): request is Skipped {
  return 'skipped' in request;
}
