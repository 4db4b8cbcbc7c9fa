import { GatewayError } from '@modelgate/core';
import type { FrontQuery } from '../front-query.js';

/**
 * `GET /v1/responses`: Codex's built-in OpenAI provider first tries the Responses WebSocket
 * transport here (`Upgrade: websocket`). The gateway serves Responses over HTTP + SSE only, so it
 * refuses at once with 426 in the error envelope and `Connection: close`; Codex then falls back to
 * `POST /v1/responses` without waiting out its connect retries.
 */
export const responsesWebSocketProbe: FrontQuery = {
  method: 'GET',
  path: '/v1/responses',
  endpoint: 'responses',
  answer() {
    throw new GatewayError({
      status: 426,
      message: 'This gateway serves the Responses API over HTTP only: send POST /v1/responses (stream: true for server-sent events). WebSocket upgrades are not supported.',
      code: 'websocket_not_supported',
      headers: { connection: 'close' },
    });
  },
};
