import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

export interface UnacceptingListener {
  /** Base URL to configure as a provider's `baseUrl` (ends with /v1). */
  readonly url: string;
  close(): Promise<void>;
}

/** True when a TCP connection to the port opens within `ms`. */
async function connects(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A port on 127.0.0.1 where a TCP connection never opens: a listener with a backlog of one in a
 * stopped process (SIGSTOP), its accept queue filled. The kernel then drops further SYNs, so a
 * client's connect hangs as it does towards a host that is down or behind a dropping firewall.
 */
export async function startUnacceptingListener(): Promise<UnacceptingListener> {
  const listener = spawn(
    process.execPath,
    ['-e', "require('node:net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, function () { console.log(this.address().port); })"],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [firstLine] = (await once(listener.stdout!, 'data')) as [Buffer];
  const port = Number(String(firstLine).trim());
  listener.kill('SIGSTOP');
  const fillers: Socket[] = [];
  while (fillers.length < 16) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    fillers.push(socket);
    if (!(await connects(socket, 300))) break;
  }
  return {
    url: `http://127.0.0.1:${port}/v1`,
    async close() {
      for (const socket of fillers) socket.destroy();
      listener.kill('SIGKILL');
      if (listener.exitCode === null && listener.signalCode === null) await once(listener, 'exit');
    },
  };
}
