// Validates rendered objects against the Kubernetes OpenAPI schemas, as the kubernetes-models
// packages ship them (JSON schemas generated from the API server's OpenAPI document; the
// ServiceMonitor's from the Prometheus Operator's CRD). A kind the chart renders but this table
// lacks is an error, not a pass.
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';

const models = new Map(
  [ConfigMap, PersistentVolumeClaim, Secret, Service, Deployment, HorizontalPodAutoscaler, PodDisruptionBudget, ServiceMonitor].map((Model) => {
    const { apiVersion, kind } = new Model({ metadata: { name: 'probe' } });
    return [`${apiVersion}/${kind}`, Model];
  }),
);

/** Throws, naming the object, when it breaks its kind's schema; returns the object otherwise. */
export function validateObject(object) {
  const name = `${object?.kind ?? '(no kind)'} ${object?.metadata?.name ?? '(no name)'}`;
  const Model = models.get(`${object?.apiVersion}/${object?.kind}`);
  if (!Model) throw new Error(`${name}: no schema for ${object?.apiVersion} ${object?.kind}`);
  try {
    new Model(object).validate();
  } catch (error) {
    throw new Error(`${name} (${object.apiVersion}): ${error.message}`, { cause: error });
  }
  return object;
}
