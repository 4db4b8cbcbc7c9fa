import type { DeploymentBook, DeploymentBookListener } from '@modelgate/pipeline';
import type { SendToPrimary } from './primary-calls.js';

/** A cooldown one worker started, relayed by the primary to the others. */
export interface CooldownMessage {
  readonly type: 'modelgate:cooldown';
  readonly deployment: string;
  readonly cooledUntil: number;
}

export function isCooldownMessage(message: unknown): message is CooldownMessage {
  return (message as { type?: unknown } | null)?.type === 'modelgate:cooldown';
}

/**
 * A worker's share of deployment cooldowns: tells the primary of each cooldown its book starts,
 * and applies to its book those the other workers started, so that a deployment one worker saw
 * fail is out of rotation on all of them (each still counts its own failures in a row).
 */
export class IpcCooldownRelay implements DeploymentBookListener {
  constructor(
    private readonly send: SendToPrimary,
    private readonly channel: NodeJS.EventEmitter = process,
  ) {}

  cooledDown(deployment: string, cooledUntil: number): void {
    const message: CooldownMessage = { type: 'modelgate:cooldown', deployment, cooledUntil };
    try {
      this.send(message);
    } catch {
      // The primary is gone: the worker is about to stop, and this cooldown stays its own.
    }
  }

  /** Applies the other workers' cooldowns to this worker's book. */
  follow(book: Pick<DeploymentBook, 'coolDown'>): void {
    this.channel.on('message', (message: unknown) => {
      if (isCooldownMessage(message)) book.coolDown(message.deployment, message.cooledUntil);
    });
  }
}
