import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { EVENT_STREAM_HEADERS, type ClientReply } from '@modelgate/pipeline';

/** The pipeline's view of a Koa response: Koa writes the body once the route returns. */
export function koaClientReply(ctx: Context): ClientReply {
  return {
    setHeaders: (headers) => ctx.set(headers),
    sendJson(status, body) {
      ctx.status = status;
      if (typeof body === 'string') ctx.type = 'application/json';
      ctx.body = body;
    },
    openEventStream() {
      const output = new PassThrough();
      ctx.status = 200;
      ctx.set(EVENT_STREAM_HEADERS);
      ctx.body = output;
      return output;
    },
  };
}
