import { once } from 'node:events';
import type { Server } from 'node:http';
import { nodeHttp } from '../runtime/commonjs-modules.js';
import type { AddressInfo, Socket } from 'node:net';
import type { GatewayConfig } from '../config/gateway-config.js';
import { createApp, type CreateAppOptions, type GatewayApp } from '../create-app.js';
import { answerClientErrorsInEnvelope } from './client-error-responder.js';
import { limitConnectionsPerAddress, serverTimeoutOptions } from './connection-limits.js';

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
  const server = nodeHttp.createServer({ ...serverTimeoutOptions(config.server), noDelay: true }, app.koa.callback());
  limitConnectionsPerAddress(server, config.server.maxConnectionsPerAddress);
  answerClientErrorsInEnvelope(server);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
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
      closing ??= shutDown(server, sockets, app, config.server.shutdownGraceMs);
      return closing;
    },
  };
}

async function shutDown(server: Server, sockets: ReadonlySet<Socket>, app: GatewayApp, graceMs: number): Promise<void> {
  // From now on every answer says `Connection: close`, so keep-alive clients go elsewhere.
  app.lifecycle.startDraining();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections become idle as their last response ends; close them as they do.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => {
    // What is cut now is recorded as `shutdown`, not as clients that went away.
    app.lifecycle.cutConnections();
    server.closeAllConnections();
  }, graceMs);
  await closed;
  clearInterval(sweeper);
  clearTimeout(deadline);
  // The server reports closed before the sockets it cut emit 'close'; their requests settle (and
  // queue usage records) only then, so wait for them before the app flushes and closes.
  await Promise.all([...sockets].map((socket) => once(socket, 'close')));
  await app.close();
  app.logger.info({}, 'gateway stopped');
}
