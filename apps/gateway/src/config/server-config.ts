import { DEFAULT_MAX_JSON_DEPTH } from '@modelgate/pipeline';
import type { ConfigFragment } from './config-fragment.js';
import { nonNegativeInteger, nonEmptyString, positiveInteger } from './schema-parts.js';

export interface ServerConfig {
  host: string;
  port: number;
  bodyLimitBytes: number;
  shutdownGraceMs: number;
  publicCatalog: boolean;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnectionsPerAddress: number;
  maxJsonDepth: number;
  workers: number | 'auto';
}

export interface LoggingConfig {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/** The Responses API (`/v1/responses`) for models outside the OpenAI family. */
export interface ResponsesConfig {
  otherFamilies: 'refuse' | 'bridge';
}

/** Where the gateway listens, what it accepts from clients, what it logs (core settings). */
export const serverConfigFragment: ConfigFragment = {
  titles: { server: 'Listening and client limits', logging: 'Logging', responses: 'The Responses API for other families' },
  properties: {
    server: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        host: {
          ...nonEmptyString,
          description: 'Address to listen on. `0.0.0.0` (or `::`) to accept connections from other machines; `MODELGATE_HOST` overrides it.',
          default: '127.0.0.1',
        },
        port: { type: 'integer', minimum: 0, maximum: 65535, description: 'TCP port; `0` picks a free one. `MODELGATE_PORT` (or `PORT`) overrides it.', default: 8787 },
        bodyLimitBytes: { ...positiveInteger, description: 'Largest request body, measured after decompression (413 `request_too_large` past it).', default: 10 * 1024 * 1024 },
        shutdownGraceMs: {
          ...nonNegativeInteger,
          description: 'After SIGTERM/SIGINT, how long in-flight requests and streams may finish before their connections are cut.',
          default: 10_000,
        },
        publicCatalog: { type: 'boolean', description: 'Serve the human-readable model catalog at `GET /catalog` without a key; `false` turns the page off.', default: true },
        headersTimeoutMs: { ...positiveInteger, description: "A client's request headers must arrive within this time (408). At most `requestTimeoutMs`.", default: 20_000 },
        requestTimeoutMs: { ...positiveInteger, description: '…and its whole body within this time (408). Answers and streams are not limited by it.', default: 120_000 },
        maxConnectionsPerAddress: {
          ...nonNegativeInteger,
          description:
            'Open connections allowed from one client: one IPv4 address, or one IPv6 /64 (one host may hold a whole /64); `0` turns the bound off. Raise it (or 0) behind a proxy, where every client has its address.',
          default: 256,
        },
        maxJsonDepth: { ...positiveInteger, description: 'Deepest nesting of arrays and objects in a JSON body (400 `json_too_deep` past it).', default: DEFAULT_MAX_JSON_DEPTH },
        workers: {
          oneOf: [{ type: 'integer', minimum: 1, maximum: 1024 }, { const: 'auto' }],
          description:
            "Serving processes sharing the port (a config file's setting): `auto` runs one per core the process may use. The primary process holds the rate limiter they all ask, so RPM, TPM and concurrency stay exact without Redis; see production.md.",
          default: 1,
        },
      },
    },
    logging: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        level: {
          enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
          description: 'Least severe level written. Logs are JSON lines on stdout (pino), one per request; never keys or prompts.',
          default: 'info',
        },
      },
    },
    responses: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        otherFamilies: {
          enum: ['refuse', 'bridge'],
          description:
            '`refuse`: a Claude, Gemini, DeepSeek… model on `/v1/responses` gets 400 `unsupported_model_for_endpoint` pointing to chat. `bridge`: such requests are translated through the chat hub (stateless: no `previous_response_id`, `store: true` or `background: true`).',
          default: 'refuse',
        },
      },
    },
  },
};
