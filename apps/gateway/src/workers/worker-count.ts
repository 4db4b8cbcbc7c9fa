import { availableParallelism } from 'node:os';

/** `server.workers`: a count, or `auto` for the cores this process may use (its CPU affinity included). */
export function resolveWorkerCount(setting: number | 'auto', cores: () => number = availableParallelism): number {
  return setting === 'auto' ? Math.max(1, cores()) : setting;
}
