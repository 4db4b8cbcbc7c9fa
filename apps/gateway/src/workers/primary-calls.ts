/** Sends a message to the primary process (`process.send` of a cluster worker). */
export type SendToPrimary = (message: unknown) => boolean;

/** A reply from the primary: the call's id, and an error when the call failed there. */
export interface PrimaryReply {
  readonly type: string;
  readonly id: number;
  readonly error?: string;
}

/**
 * A worker's calls to the primary process over cluster IPC, of one message type: each call gets
 * an id, the primary answers it with a reply of `replyType`. A call made after the channel
 * closed (the primary is gone), or waiting when it closes, fails, and the request with it, rather
 * than being admitted without the primary's count.
 */
export class PrimaryCalls<Call, Reply extends PrimaryReply> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  private readonly onMessage = (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type !== this.replyType) return;
    const reply = message as Reply;
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    waiting?.resolve(reply);
  };
  private readonly onDisconnect = () => {
    for (const waiting of this.pending.values()) waiting.reject(new Error(`the primary process is gone: no ${this.what}`));
    this.pending.clear();
  };

  constructor(
    /** What the calls are for, in error messages: "limiter", "budget". */
    private readonly what: string,
    private readonly requestType: string,
    private readonly replyType: string,
    private readonly send: SendToPrimary,
    private readonly channel: NodeJS.EventEmitter = process,
  ) {
    channel.on('message', this.onMessage);
    channel.on('disconnect', this.onDisconnect);
  }

  call(call: Call): Promise<Reply> {
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (reply) => (reply.error ? reject(new Error(`${this.what}: ${reply.error}`)) : resolve(reply)),
        reject,
      });
      let sent = false;
      try {
        sent = this.send({ type: this.requestType, id, call });
      } catch {
        sent = false;
      }
      if (!sent) {
        this.pending.delete(id);
        reject(new Error(`the primary process is gone: no ${this.what}`));
      }
    });
  }

  close(): void {
    this.channel.off('message', this.onMessage);
    this.channel.off('disconnect', this.onDisconnect);
  }
}
