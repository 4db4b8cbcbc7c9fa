import type { RecordedRequest } from './recorded-request.js';
import type { SimulatorFault } from './simulator-faults.js';
import type { SimulatorServer } from './simulator-server.js';

/** The FIFO queues every vendor simulator plays from: one reply and at most one fault per generation request. */
export interface ScriptQueues<TReply> {
  readonly replies: TReply[];
  readonly faults: SimulatorFault[];
}

/** What every vendor simulator exposes to tests, whatever its reply type. */
export interface ScriptedSimulator<TReply> {
  /** Base URL including `/v1`. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** Queues the answer of a coming generation request (FIFO). */
  enqueueReply(reply: TReply): void;
  /** Queues a fault for a coming generation request (FIFO, one per request). */
  enqueueFault(fault: SimulatorFault): void;
  /** Forgets queued replies and faults and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export function createScriptQueues<TReply>(): ScriptQueues<TReply> {
  return { replies: [], faults: [] };
}

/** The public face of a simulator: its server's addresses and recordings, plus its script queues. */
export function exposeScriptedSimulator<TReply>(server: SimulatorServer, queues: ScriptQueues<TReply>): ScriptedSimulator<TReply> {
  return {
    url: `${server.url}/v1`,
    origin: server.url,
    port: server.port,
    requests: server.requests,
    enqueueReply: (reply) => void queues.replies.push(reply),
    enqueueFault: (fault) => void queues.faults.push(fault),
    reset() {
      queues.replies.length = 0;
      queues.faults.length = 0;
      server.requests.length = 0;
    },
    close: () => server.close(),
  };
}
