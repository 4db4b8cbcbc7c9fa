import type { ServerResponse } from 'node:http';
import { PassThrough, pipeline } from 'node:stream';
import { EVENT_STREAM_HEADERS, type ClientReply } from '@modelgate/pipeline';

/** The pipeline's view of a plain `node:http` response. */
export function nodeClientReply(response: ServerResponse): ClientReply {
  return {
    setHeaders(headers) {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    },
    sendJson(status, body) {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    },
    openEventStream(headers) {
      // As in the Koa gateway: the relay writes into its own stream, which is destroyed when the client goes.
      const output = new PassThrough();
      response.writeHead(200, { ...EVENT_STREAM_HEADERS, ...headers });
      pipeline(output, response, () => {});
      return output;
    },
  };
}
