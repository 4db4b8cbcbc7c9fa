import type { Context } from 'koa';
import { GatewayError } from '@modelgate/core';
import { assertEndpointAllowed } from '@modelgate/pipeline';
import type { GatewayState } from '../middleware/gateway-state.js';

/**
 * `GET /v1/responses`: Codex's built-in OpenAI provider first tries the Responses WebSocket
 * transport here (`Upgrade: websocket`). The gateway serves Responses over HTTP + SSE only, so it
 * refuses at once with 426 in the error envelope and `Connection: close`; Codex then falls back to
 * `POST /v1/responses` without waiting out its connect retries.
 */
export function createResponsesWebSocketHandler() {
  return async function responsesWebSocket(ctx: Context & { state: GatewayState }): Promise<void> {
    assertEndpointAllowed(ctx.state.key!, 'responses');
    throw new GatewayError({
      status: 426,
      message: 'This gateway serves the Responses API over HTTP only: send POST /v1/responses (stream: true for server-sent events). WebSocket upgrades are not supported.',
      code: 'websocket_not_supported',
      headers: { connection: 'close' },
    });
  };
}
