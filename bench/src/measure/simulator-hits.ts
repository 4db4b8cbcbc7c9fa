import type { Scenario } from '../scenarios.js';
import { hitKey, HITS_PATH, type SimulatorEndpoint } from '../simulator/simulator-routes.js';

export type SimulatorHits = Readonly<Record<string, number>>;

/** The simulator's count of requests answered so far, by endpoint and variant. */
export async function readSimulatorHits(simulatorUrl: string): Promise<SimulatorHits> {
  const response = await fetch(`${simulatorUrl}${HITS_PATH}`);
  return (await response.json()) as SimulatorHits;
}

function vendorEndpoint(scenario: Scenario): SimulatorEndpoint {
  if (scenario.vendor === 'gemini') return scenario.stream ? 'gemini-stream' : 'gemini-generate';
  return scenario.vendor;
}

/** The count a request of the scenario reaches upstream on: its vendor endpoint (the long variant for a long stream). */
export function vendorHitKey(scenario: Scenario): string {
  return hitKey(vendorEndpoint(scenario), scenario.chunks ? 'long' : 'normal');
}

/** The counts one request of the scenario must move: its vendor endpoint, and the failing deployment for a retry; none for a cache hit. */
export function expectedHits(scenario: Scenario): string[] {
  if (scenario.cacheHitOf) return [];
  const keys = [vendorHitKey(scenario)];
  if (scenario.retryOf) keys.push(hitKey('always-503', 'normal'));
  return keys;
}

/** The expected counts that did not move between two readings. */
export function missedHits(expected: readonly string[], before: SimulatorHits, after: SimulatorHits): string[] {
  return expected.filter((key) => (after[key] ?? 0) <= (before[key] ?? 0));
}
