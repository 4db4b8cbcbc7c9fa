import type { DeploymentBook, DeploymentStatus, ModelRouter } from '@modelgate/pipeline';

export interface ModelDeployments {
  readonly model: string;
  readonly strategy: string;
  readonly deployments: readonly DeploymentStatus[];
}

/** Every listed model with the state of each of its deployments (in rotation, cooling down, probing). */
export function deploymentReport(models: ModelRouter, book: DeploymentBook): ModelDeployments[] {
  return models.catalog().map((route) => ({
    model: route.publicId,
    strategy: route.strategy,
    deployments: route.deployments.map((deployment) => book.status(deployment.id)),
  }));
}

/** How many deployments are in rotation and how many are out, and how many models have none left. */
export function deploymentSummary(report: readonly ModelDeployments[]): { inRotation: number; outOfRotation: number; modelsWithoutDeployment: number } {
  const usable = (status: DeploymentStatus) => status.state === 'in-rotation' || status.state === 'probe-due';
  const all = report.flatMap((model) => model.deployments);
  return {
    inRotation: all.filter(usable).length,
    outOfRotation: all.filter((status) => !usable(status)).length,
    modelsWithoutDeployment: report.filter((model) => !model.deployments.some(usable)).length,
  };
}
