import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A port free on 127.0.0.1 right now, for servers that cannot be told to pick their own. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
