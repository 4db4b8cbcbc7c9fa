import { requireRssMegabytes } from '../sampling/process-stats.js';
import type { RequestSpec } from '../request-spec.js';
import { runThroughput } from './run-throughput.js';

export interface SoakMeasurement {
  readonly seconds: number;
  readonly requests: number;
  readonly rssBeforeMegabytes: number;
  readonly rssAfterMegabytes: number;
  /** RSS at the end of each slice of the soak, to tell growth from noise. */
  readonly rssSamplesMegabytes: readonly number[];
}

const SLICES = 10;

/** Sustained load in slices, RSS read after warm-up and after each slice. */
export async function measureSoak(request: RequestSpec, connections: number, seconds: number, pid: number, warmupSeconds: number): Promise<SoakMeasurement> {
  await runThroughput(request, connections, warmupSeconds);
  const rssBeforeMegabytes = requireRssMegabytes(pid, 'after the soak\'s warm-up');
  const rssSamplesMegabytes: number[] = [];
  let requests = 0;
  const sliceSeconds = Math.max(1, Math.round(seconds / SLICES));
  for (let elapsed = 0; elapsed < seconds; elapsed += sliceSeconds) {
    const result = await runThroughput(request, connections, Math.min(sliceSeconds, seconds - elapsed));
    requests += result.completed;
    rssSamplesMegabytes.push(requireRssMegabytes(pid, `during the soak (after ${elapsed + sliceSeconds} s)`));
  }
  return { seconds, requests, rssBeforeMegabytes, rssAfterMegabytes: rssSamplesMegabytes.at(-1) ?? rssBeforeMegabytes, rssSamplesMegabytes };
}
