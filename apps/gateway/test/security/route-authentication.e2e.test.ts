import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RegisteredRoute } from '../../src/http/create-router.js';
import { adminClient, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { rawRequest } from '../support/raw-http.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';

/** A concrete path for a route pattern (`:id` and `*id` filled in). */
function concretePath(route: RegisteredRoute): string {
  return route.path.replace(/[:*]id/, 'gpt-test');
}

/**
 * Spellings of one path that a router with another matching rule might still send to the route
 * (or past its guard): case changes, trailing and doubled slashes, percent-encoding, dot segments,
 * path parameters and a query string.
 */
function pathVariants(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0]!;
  const rest = segments.slice(1).join('/');
  const encodeFirstLetter = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const variants = [
    path,
    path.toUpperCase(),
    `/${first[0]!.toUpperCase()}${first.slice(1)}/${rest}`,
    `/${first}/${rest.toUpperCase()}`,
    `${path}/`,
    `/${path}`,
    `/${first}//${rest}`,
    `${path}//`,
    `/${encodeFirstLetter(first)}/${rest}`,
    `/${first}/${rest.split('/').map(encodeFirstLetter).join('/')}`,
    `/${first}%2F${rest.replaceAll('/', '%2F')}`,
    `/${first}/./${rest}`,
    `/${first}/../${first}/${rest}`,
    `/x/../${first}/${rest}`,
    `${path};x=1`,
    `${path}%00`,
    `${path}%20`,
    `${path}?authorization=Bearer%20${TEST_SERVICE_KEY}`,
    `${path}#`,
  ];
  return [...new Set(variants)];
}

describe('authentication cannot be routed around', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ admin: { token: TEST_ADMIN_TOKEN } });
  });
  afterAll(() => harness.close());

  const guarded = () => harness.gateway.app.routes.filter((route) => route.access !== 'public');

  it('registers the routes the walk covers, each with a guard', () => {
    const table = harness.gateway.app.routes.map((route) => `${route.method} ${route.path} ${route.access}`);
    expect(table).toEqual(
      expect.arrayContaining([
        'POST /v1/chat/completions service-key',
        'POST /v1/responses service-key',
        'GET /v1/models service-key',
        'POST /admin/keys admin-token',
        'POST /admin/keys/:id/rotate admin-token',
        'GET /admin/usage admin-token',
        'GET /metrics metrics-token',
        'GET /health public',
      ]),
    );
  });

  it('answers 401 or 404 to every variant of every guarded route sent without credentials, in the envelope', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of guarded()) {
      for (const path of pathVariants(concretePath(route))) {
        for (const headers of [{}, { authorization: 'Bearer wrong-key-0123456789abcdef' }] as Array<Record<string, string>>) {
          // A body the route would accept, so that only the guard stands in the way.
          const accepted = route.access === 'admin-token' ? { name: 'intruder' } : { model: 'gpt-test', messages: [{ role: 'user', content: 'hi' }] };
          const body = route.method === 'POST' ? JSON.stringify(accepted) : undefined;
          const response = await rawRequest(harness.gateway.url, route.method, path, { 'content-type': 'application/json', ...headers }, body);
          requests++;
          const allowed = [401, 404, 405];
          let envelope = route.method === 'HEAD';
          try {
            envelope ||= typeof (JSON.parse(response.text) as { error?: { message?: unknown } }).error?.message === 'string';
          } catch {
            envelope = false;
          }
          if (!allowed.includes(response.status) || !envelope) failures.push(`${route.method} ${path} → ${response.status} ${response.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(300);
    // Nothing was issued on the way.
    expect((await adminClient(harness.gateway.url).call('GET', '/keys')).body.data).toEqual([]);
  });

  it('still serves the exact spelling with the right credentials (the walk hit real routes)', async () => {
    const models = await rawRequest(harness.gateway.url, 'GET', '/v1/models', { authorization: `Bearer ${TEST_SERVICE_KEY}` });
    expect(models.status).toBe(200);
    const keys = await rawRequest(harness.gateway.url, 'GET', '/admin/keys', { authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
    expect(keys.status).toBe(200);
  });

  it('never takes a service key on an admin route, whatever the spelling', async () => {
    for (const path of pathVariants('/admin/keys')) {
      const response = await rawRequest(harness.gateway.url, 'POST', path, { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json' }, '{"name":"x"}');
      expect([401, 404]).toContain(response.status);
    }
  });

  it('answers OPTIONS on every route with 405 in the envelope, never 200 before the guard (issue 27)', async () => {
    const answers: string[] = [];
    for (const route of harness.gateway.app.routes) {
      const response = await rawRequest(harness.gateway.url, 'OPTIONS', concretePath(route), {});
      const code = response.text ? (JSON.parse(response.text) as { error?: { code?: string } }).error?.code : `(empty: ${response.text})`;
      answers.push(`${route.path} ${response.status} ${code}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 405 method_not_allowed'))).toEqual([]);
    expect(answers.length).toBeGreaterThan(10);
  });
});
