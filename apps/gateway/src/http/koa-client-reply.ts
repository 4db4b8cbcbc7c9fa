import type { Context } from 'koa';
import { EVENT_STREAM_HEADERS, type ClientReply } from '@modelgate/pipeline';

const JSON_TYPE = 'application/json; charset=utf-8';

function ignoreClientGone(): void {}

/** The pipeline's view of a Koa response: Koa writes the body once the route returns. */
export function koaClientReply(ctx: Context): ClientReply {
  return {
    // Straight onto the response: the values are strings already, and Koa's setter re-checks each.
    setHeaders(headers) {
      for (const name in headers) ctx.res.setHeader(name, headers[name]!);
    },
    // Serialised here with its type set, so Koa neither looks the type up nor inspects the body.
    sendJson(status, body) {
      ctx.status = status;
      ctx.res.setHeader('content-type', JSON_TYPE);
      ctx.body = typeof body === 'string' ? body : JSON.stringify(body);
    },
    // The relay writes into the response itself (Koa steps aside): no PassThrough, pipe and their
    // listeners per stream between the events and the socket. Status and headers go out with the
    // first write; the relay ends the response, or destroys it when the stream fails. A write to a
    // client that has just gone fails (EPIPE) with an 'error' that would end the process unheard:
    // the exchange sees the client leave through the response's 'close'.
    openEventStream(headers) {
      ctx.status = 200;
      ctx.set({ ...EVENT_STREAM_HEADERS, ...headers });
      ctx.respond = false;
      ctx.res.on('error', ignoreClientGone);
      return ctx.res;
    },
  };
}
