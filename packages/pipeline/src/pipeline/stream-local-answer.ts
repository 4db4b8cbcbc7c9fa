import type { Exchange } from '../exchange/exchange.js';
import type { ClientReply } from './client-reply.js';
import type { StreamedLocalAnswer } from './pipeline-extension.js';

/**
 * A stream an extension gives instead of the upstream's (a cached stream replayed): its events pass
 * the extensions' tap like a relayed stream's, all before the answer opens, so a tap that refuses
 * one gets the error's own status in the front's envelope, as a whole answer's rewrite would.
 * The exchange learns it as one piece with its usage, and the stream as completed.
 */
export function streamLocalAnswer(exchange: Exchange, answer: StreamedLocalAnswer, reply: ClientReply): void {
  const tap = exchange.streamTap();
  const text = answer.events.map((event) => (tap ? tap.event(event) : event)).join('');
  exchange.streamStarted();
  const output = reply.openEventStream();
  exchange.streamChunk({ usage: answer.usage });
  exchange.usageReported({ usage: answer.usage });
  exchange.streamComplete();
  output.end(text);
  exchange.streamSettled({ kind: 'completed' });
}
