import type { GatewayEndpoint } from '../config/gateway-config.js';

/** The endpoints that ask a model for something (as opposed to listing models). */
export type ModelEndpoint = Exclude<GatewayEndpoint, 'models'>;

export const MODEL_ENDPOINT_PATHS: Readonly<Record<ModelEndpoint, string>> = {
  chat: '/v1/chat/completions',
  responses: '/v1/responses',
  compact: '/v1/responses/compact',
};

const ENDPOINT_BY_PATH: ReadonlyMap<string, ModelEndpoint> = new Map(
  Object.entries(MODEL_ENDPOINT_PATHS).map(([endpoint, path]) => [path, endpoint as ModelEndpoint]),
);

/** The model endpoint a request path names; undefined for listings and everything else. */
export function modelEndpointOfPath(path: string): ModelEndpoint | undefined {
  return ENDPOINT_BY_PATH.get(path);
}
