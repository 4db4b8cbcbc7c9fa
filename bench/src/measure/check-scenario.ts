import type { RequestSpec } from '../request-spec.js';
import type { Scenario } from '../scenarios.js';
import { cannedDelta, SHORT_STREAM_DELTAS } from '../simulator/canned-text.js';
import { isSkipped, type RunningTarget, type Skipped } from '../targets/bench-target.js';
import { checkRequest } from './check-request.js';
import { expectedHits, missedHits, readSimulatorHits, vendorHitKey } from './simulator-hits.js';

/** The words that end the scenario's canned answer: whatever the protocol, a complete answer spells them. */
function lastWords(scenario: Scenario): string {
  return cannedDelta((scenario.chunks ?? SHORT_STREAM_DELTAS) - 1).trim();
}

/**
 * One request of the scenario before any load: it must answer 200 with the whole canned answer,
 * and the simulator must have counted a request on the scenario's vendor endpoint (for a
 * translated scenario, proof the gateway spoke the vendor's protocol; for a long stream, that it
 * got the long one). The request to load, or why the target is skipped.
 */
export async function checkScenario(target: RunningTarget, scenario: Scenario, simulatorUrl: string): Promise<RequestSpec | Skipped> {
  const request = target.request(scenario);
  if (isSkipped(request)) return request;
  // A cache measurement's first request is the miss that stores the answer the load then hits.
  const stored = scenario.cacheHitOf ? await checkRequest({ ...request, expectedHeaders: undefined }, lastWords(scenario)) : undefined;
  if (stored !== undefined) return { skipped: `skipped: ${stored}` };
  const before = await readSimulatorHits(simulatorUrl);
  const problem = await checkRequest(request, lastWords(scenario));
  if (problem !== undefined) return { skipped: `skipped: ${problem}` };
  const after = await readSimulatorHits(simulatorUrl);
  const missed = missedHits(expectedHits(scenario), before, after);
  if (missed.length > 0) return { skipped: `skipped: it answered 200, but the simulator counted no '${missed.join("', '")}' request` };
  if (scenario.cacheHitOf && missedHits([vendorHitKey(scenario)], before, after).length === 0) return { skipped: 'skipped: a cache hit reached the simulator' };
  return request;
}
