/** What a primary needs of a worker: its messages, a way to answer, and its exit. */
export interface WorkerClient {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: () => void): unknown;
  send(message: unknown): boolean;
}

/**
 * The primary's side of `PrimaryCalls`: answers each of a worker's calls of `requestType` with a
 * reply of `replyType` (what `answer` resolves to, or the error it failed with).
 */
export function answerCalls<Call>(
  client: WorkerClient,
  requestType: string,
  replyType: string,
  answer: (call: Call) => Promise<object>,
): void {
  client.on('message', (message: unknown) => {
    const request = message as { type?: unknown; id: number; call: Call } | null;
    if (request?.type !== requestType) return;
    void answer(request.call).then(
      (reply) => send(client, { type: replyType, id: request.id, ...reply }),
      (error: unknown) => send(client, { type: replyType, id: request.id, error: (error as Error).message }),
    );
  });
}

function send(client: WorkerClient, reply: object): void {
  try {
    client.send(reply);
  } catch {
    // The worker is gone; its exit frees what it held.
  }
}
