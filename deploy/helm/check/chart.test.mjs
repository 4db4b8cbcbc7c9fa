// The Helm chart, rendered for its default values and for several replicas (ci/*-values.yaml),
// every object validated against the Kubernetes OpenAPI schemas, the values against the chart's
// values.schema.json, and the gateway config the chart writes against the gateway's own parser.
// Run: npm ci && node --test (CI: .ci/run); the gateway must be built (apps/gateway/dist).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { chartValues, mergeValues, renderChart } from './render-chart.mjs';
import { validateObject } from './validate-objects.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const chartDirectory = join(here, '..', 'modelgate');
const repositoryRoot = join(here, '..', '..', '..');
const validateValues = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(join(chartDirectory, 'values.schema.json'), 'utf8')));

function find(objects, kind) {
  return objects.filter((object) => object.kind === kind);
}

/** The gateway's config parser, from its build (the same one `modelgate serve` runs). */
async function parseGatewayConfig(yamlText, env) {
  const { parse } = await import('yaml');
  const { parseGatewayConfig: parseConfig } = await import(join(repositoryRoot, 'apps', 'gateway', 'dist', 'config', 'load-gateway-config.js'));
  return parseConfig(parse(yamlText), env, 'the chart ConfigMap');
}

const secretEnv = {
  OPENAI_API_KEY: 'sk-test',
  ANTHROPIC_API_KEY: 'sk-ant-test',
  MODELGATE_ADMIN_TOKEN: 'admin-token-of-the-test-0123456789',
  MODELGATE_METRICS_TOKEN: 'metrics-token-of-the-test-0123456789',
  DATABASE_URL: 'postgres://modelgate@db:5432/modelgate',
  REDIS_URL: 'redis://cache:6379',
};

for (const [label, overrideFiles] of [
  ['default values', []],
  ['several replicas (ci/replicas-values.yaml)', [join(chartDirectory, 'ci', 'replicas-values.yaml')]],
]) {
  describe(`the chart with ${label}`, async () => {
    const values = chartValues(chartDirectory, overrideFiles);
    const rendered = await renderChart(chartDirectory, values);

    test('its values satisfy values.schema.json', () => {
      assert.equal(validateValues(values), true, JSON.stringify(validateValues.errors));
    });

    test('every object it renders is valid against the Kubernetes schemas', () => {
      assert.ok(rendered.objects.length >= 5, `only ${rendered.objects.length} objects`);
      for (const object of rendered.objects) validateObject(object);
    });

    test('the Deployment probes /ready and /health, and its grace period covers preStop and the drain', () => {
      const [deployment] = find(rendered.objects, 'Deployment');
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      assert.equal(container.readinessProbe.httpGet.path, '/ready');
      assert.equal(container.livenessProbe.httpGet.path, '/health');
      assert.deepEqual(container.lifecycle.preStop.exec.command, ['sleep', String(values.shutdown.preStopSeconds)]);
      const config = find(rendered.objects, 'ConfigMap')[0].data['modelgate.yaml'];
      const graceMs = Number(/shutdownGraceMs: (\d+)/.exec(config)[1]);
      assert.equal(graceMs, values.shutdown.graceSeconds * 1000);
      assert.ok(pod.terminationGracePeriodSeconds >= values.shutdown.preStopSeconds + graceMs / 1000 + 5,
        `terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds} < preStop ${values.shutdown.preStopSeconds} s + drain ${graceMs / 1000} s + 5 s`);
      assert.equal(container.securityContext.readOnlyRootFilesystem, true);
      assert.equal(pod.securityContext.runAsNonRoot, true);
      assert.equal(container.envFrom[0].secretRef.name, values.secret.existingSecret || 'modelgate');
    });

    test('the gateway accepts the config the chart writes', async () => {
      const config = await parseGatewayConfig(find(rendered.objects, 'ConfigMap')[0].data['modelgate.yaml'], secretEnv);
      assert.equal(config.server.port, values.server.port);
      assert.equal(config.server.host, '0.0.0.0');
      assert.equal(config.server.shutdownGraceMs, values.shutdown.graceSeconds * 1000);
      assert.equal(config.server.workers, values.server.workers);
      assert.equal(config.storage.driver, values.stateStore);
    });

    test('the notes name the Service', () => {
      assert.match(rendered.notes, /kubectl port-forward service\/modelgate 8787:80/);
    });
  });
}

test('default values: one replica on a PersistentVolumeClaim, replaced (not rolled) so that one pod at a time holds SQLite', async () => {
  const { objects } = await renderChart(chartDirectory, chartValues(chartDirectory));
  const [deployment] = find(objects, 'Deployment');
  assert.equal(deployment.spec.replicas, 1);
  assert.equal(deployment.spec.strategy.type, 'Recreate');
  assert.equal(deployment.spec.template.spec.volumes.find((volume) => volume.name === 'data').persistentVolumeClaim.claimName, 'modelgate-data');
  assert.equal(find(objects, 'PersistentVolumeClaim').length, 1);
  assert.deepEqual(find(objects, 'HorizontalPodAutoscaler'), []);
  assert.deepEqual(find(objects, 'ServiceMonitor'), []);
  assert.equal(find(objects, 'Secret').length, 1);
});

test('several replicas: PostgreSQL and Redis from the existing Secret, autoscaled, rolled, scraped with the metrics token', async () => {
  const { objects } = await renderChart(chartDirectory, chartValues(chartDirectory, [join(chartDirectory, 'ci', 'replicas-values.yaml')]));
  const [deployment] = find(objects, 'Deployment');
  assert.equal(deployment.spec.replicas, undefined, 'the HPA owns the replica count');
  assert.equal(deployment.spec.strategy.type, 'RollingUpdate');
  assert.deepEqual(deployment.spec.template.spec.volumes.find((volume) => volume.name === 'data').emptyDir, {});
  assert.deepEqual(find(objects, 'PersistentVolumeClaim'), []);
  assert.deepEqual(find(objects, 'Secret'), [], 'the Secret is the operator\'s (existingSecret)');
  const [hpa] = find(objects, 'HorizontalPodAutoscaler');
  assert.deepEqual([hpa.spec.minReplicas, hpa.spec.maxReplicas, hpa.spec.scaleTargetRef.name], [3, 12, 'modelgate']);
  const [monitor] = find(objects, 'ServiceMonitor');
  assert.deepEqual(monitor.spec.endpoints[0].authorization.credentials, { name: 'modelgate-secrets', key: 'MODELGATE_METRICS_TOKEN' });
  assert.equal(monitor.spec.endpoints[0].path, '/metrics');
  assert.equal(find(objects, 'Service')[0].spec.ports[0].name, monitor.spec.endpoints[0].port);
});

test('values.schema.json refuses several replicas, or autoscaling, on SQLite', () => {
  const defaults = chartValues(chartDirectory);
  assert.equal(validateValues(mergeValues(defaults, { replicaCount: 3 })), false);
  assert.equal(validateValues(mergeValues(defaults, { autoscaling: { enabled: true } })), false);
  assert.equal(validateValues(mergeValues(defaults, { config: 'server:\n  port: 1\n' })), false, 'server: is the chart\'s');
  assert.equal(validateValues(mergeValues(defaults, { server: { workers: 'all' } })), false);
  assert.equal(validateValues(mergeValues(defaults, { server: { workers: 'auto' } })), true);
});

test('the validator rejects what the API server would: a Deployment without containers, a probe without a port', () => {
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { spec: {} } } };
  assert.throws(() => validateObject(deployment), /must have required property 'containers'|containers/);
  deployment.spec.template.spec.containers = [{ name: 'x', image: 'y', readinessProbe: { httpGet: { path: '/ready' } } }];
  assert.throws(() => validateObject(deployment), /port/);
  assert.throws(() => validateObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } }), /no schema/);
});

test('a secret value with quotes and a newline stays one string', async () => {
  const values = mergeValues(chartValues(chartDirectory), { secret: { values: { OPENAI_API_KEY: 'sk-"quoted"\nline' } } });
  const [secret] = find((await renderChart(chartDirectory, values)).objects, 'Secret');
  assert.equal(validateObject(secret).stringData.OPENAI_API_KEY, 'sk-"quoted"\nline');
});

test('the values file docs/kubernetes.md walks through renders and validates', async () => {
  const guide = readFileSync(join(repositoryRoot, 'docs', 'kubernetes.md'), 'utf8');
  const block = /<!-- doc-test: file name=my-values\.yaml -->\s*```yaml\n([\s\S]*?)```/.exec(guide);
  assert.ok(block, 'docs/kubernetes.md has no my-values.yaml block');
  const { parse } = await import('yaml');
  const values = mergeValues(chartValues(chartDirectory), parse(block[1]));
  assert.equal(validateValues(values), true, JSON.stringify(validateValues.errors));
  const { objects } = await renderChart(chartDirectory, values);
  for (const object of objects) validateObject(object);
  await parseGatewayConfig(find(objects, 'ConfigMap')[0].data['modelgate.yaml'], secretEnv);
  assert.equal(find(objects, 'Deployment')[0].spec.template.spec.containers[0].image, 'registry.example.com/modelgate:0.1.0');
});
