import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GatewayConfig } from '../config/gateway-config.js';
import { createApp, type CreateAppOptions, type GatewayApp } from '../create-app.js';

export interface RunningGateway {
  readonly app: GatewayApp;
  readonly server: Server;
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  readonly url: string;
  /** Stops accepting, lets in-flight requests finish within the grace period, then cuts what is left. */
  close(): Promise<void>;
}

export async function startGateway(config: GatewayConfig, options: CreateAppOptions = {}): Promise<RunningGateway> {
  const app = await createApp(config, options);
  const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 0, noDelay: true }, app.koa.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.server.port, config.server.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    app,
    server,
    url: `http://${host}:${address.port}`,
    close() {
      closing ??= shutDown(server, app, config.server.shutdownGraceMs);
      return closing;
    },
  };
}

async function shutDown(server: Server, app: GatewayApp, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections become idle as their last response ends; close them as they do.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearInterval(sweeper);
  clearTimeout(deadline);
  await app.close();
  app.logger.info({}, 'gateway stopped');
}
