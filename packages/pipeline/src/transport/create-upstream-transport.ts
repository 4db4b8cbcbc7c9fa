import type { UpstreamConfig } from './upstream-config.js';
import type { UpstreamTransport } from './upstream-transport.js';

/**
 * The transport `config.transport` names. Only that one's HTTP client is loaded: a gateway on
 * undici never loads got, nor one on got undici.
 */
export async function createUpstreamTransport(config: UpstreamConfig): Promise<UpstreamTransport> {
  if (config.transport === 'undici') {
    const { UndiciUpstreamTransport } = await import('./undici-upstream-transport.js');
    return new UndiciUpstreamTransport(config);
  }
  const { GotUpstreamTransport } = await import('./got-upstream-transport.js');
  return new GotUpstreamTransport(config);
}
