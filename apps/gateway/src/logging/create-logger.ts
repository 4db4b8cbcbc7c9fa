import { pino, type DestinationStream, type Logger } from 'pino';
import type { LoggingConfig } from '../config/gateway-config.js';

/**
 * Structured JSON logs. Nothing the gateway logs carries request bodies or header values; the
 * redaction list is a second line of defence should an error object ever include them.
 */
export function createLogger(config: LoggingConfig, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.level,
      base: { service: 'modelgate' },
      redact: {
        paths: [
          'headers.authorization',
          'headers["x-api-key"]',
          'headers["x-goog-api-key"]',
          'err.options.headers',
          'err.request',
          'err.response',
          'apiKey',
          'key',
          'messages',
          'input',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
