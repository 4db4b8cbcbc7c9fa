import type { DeploymentBook } from './deployment-book.js';
import type { Deployment, ModelRoute } from './model-router.js';

/** Weighted random order without replacement: a deployment with twice the weight goes first twice as often. */
function weightedOrder(deployments: readonly Deployment[], random: () => number): Deployment[] {
  const left = [...deployments];
  const ordered: Deployment[] = [];
  while (left.length > 0) {
    const total = left.reduce((sum, deployment) => sum + deployment.weight, 0);
    let point = random() * total;
    const index = Math.max(0, left.findIndex((deployment) => (point -= deployment.weight) < 0));
    ordered.push(...left.splice(index, 1));
  }
  return ordered;
}

/**
 * The order in which a request tries a model's deployments: those in rotation (or due for their
 * probe) ranked by the model's strategy (weighted random, fewest requests in flight, or lowest
 * moving-average time to first byte; ties and unmeasured ones in random order), without those
 * cooling down. Empty when every deployment is cooling down.
 */
export function orderDeployments(route: ModelRoute, book: DeploymentBook, random: () => number = Math.random): Deployment[] {
  const usable = route.deployments.filter((deployment) => book.mayUse(deployment.id));
  if (usable.length <= 1) return usable;
  const shuffled = weightedOrder(usable, random);
  switch (route.strategy) {
    case 'least-busy':
      return shuffled.sort((a, b) => book.inFlight(a.id) - book.inFlight(b.id));
    case 'lowest-latency':
      // An unmeasured deployment goes first, so every deployment gets measured.
      return shuffled.sort((a, b) => (book.timeToFirstByteMs(a.id) ?? -1) - (book.timeToFirstByteMs(b.id) ?? -1));
    default:
      return shuffled;
  }
}
