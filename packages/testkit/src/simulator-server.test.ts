import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { startSimulatorServer, type SimulatorServer } from './simulator-server.js';

describe('startSimulatorServer', () => {
  let server: SimulatorServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('listens on 127.0.0.1 with a random port and records every request before answering', async () => {
    server = await startSimulatorServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`seen ${request.path}`);
    });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);

    const response = await fetch(`${server.url}/v1/things?limit=2&order=asc&order=desc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'yes' },
      body: JSON.stringify({ hello: 'world', count: 3 }),
    });
    expect(await response.text()).toBe('seen /v1/things');

    await fetch(`${server.url}/plain`, { method: 'PUT', body: 'not json at all' });
    await fetch(`${server.url}/empty`);

    expect(server.requests).toHaveLength(3);
    const [posted, plain, empty] = server.requests;
    expect(posted).toMatchObject({
      method: 'POST',
      path: '/v1/things',
      query: { limit: '2', order: 'desc' },
      rawBody: '{"hello":"world","count":3}',
      body: { hello: 'world', count: 3 },
    });
    expect(posted!.headers['x-custom']).toBe('yes');
    expect(posted!.headers['content-type']).toBe('application/json');
    expect(plain).toMatchObject({ method: 'PUT', path: '/plain', rawBody: 'not json at all', body: undefined });
    expect(empty).toMatchObject({ method: 'GET', path: '/empty', query: {}, rawBody: '', body: undefined });
  });

  it('answers 500 when the handler throws before sending headers', async () => {
    server = await startSimulatorServer(() => {
      throw new Error('scripted failure');
    });
    const response = await fetch(`${server.url}/anything`);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('scripted failure');
  });

  it('closes while a request is still waiting and a keep-alive connection is open', async () => {
    let handling!: () => void;
    const handled = new Promise<void>((resolve) => (handling = resolve));
    server = await startSimulatorServer(async (_request, response, signal) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('partial');
      handling();
      // Never finishes on its own: only the close() abort ends it.
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    const url = new URL(server.url);
    const clientFinished = new Promise<string>((resolve) => {
      const request = httpRequest({ host: url.hostname, port: url.port, path: '/hang', agent: false }, (response) => {
        response.on('data', () => undefined);
        response.on('error', () => resolve('error'));
        response.on('close', () => resolve('closed'));
      });
      request.on('error', () => resolve('error'));
      request.end();
    });
    await handled;
    // A close() that waited for the handler would outlast the test's time-out.
    await server.close();
    server = undefined;
    expect(['closed', 'error']).toContain(await clientFinished);
  });

  it('aborts the handler signal when the client goes away', async () => {
    let aborted!: () => void;
    const sawAbort = new Promise<void>((resolve) => (aborted = resolve));
    server = await startSimulatorServer(async (_request, response, signal) => {
      signal.addEventListener('abort', () => aborted());
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: 1\n\n');
    });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/stream`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(sawAbort).resolves.toBeUndefined();
  });
});
