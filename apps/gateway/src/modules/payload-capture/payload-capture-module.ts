import type { AdminSection } from '../admin/admin-config.js';
import { defineModule } from '../gateway-module.js';
import { captureConfigFragment, type CaptureSection } from './capture-config.js';
import { captureOtlpLogs } from './capture-otlp-logs.js';
import { captureWebhook } from './capture-webhook.js';
import type { CapturedExchange } from './captured-exchange.js';
import { createCaptureRouter } from './capture-router.js';
import { CaptureStore } from './capture-store.js';
import { RequestCapture, type CaptureBooks } from './request-capture.js';

const MILLISECONDS_PER_DAY = 86_400_000;

/**
 * Payload capture (docs/payload-capture.md): the bodies of the exchanges of the models and keys
 * that opted in, redacted, in their own table of the gateway's store (SQLite or PostgreSQL), never
 * in usage records; retention by age and total size on every write and every sweep; the admin API
 * and the web UI's log explorer read them; a webhook and an OTLP logs sink get each one as written. Listed after the guardrails, so it keeps what they left.
 */
export const payloadCaptureModule = defineModule<CaptureSection & AdminSection>({
  id: 'payload-capture',
  configSchema: captureConfigFragment,
  create(config, context) {
    const settings = config.capture;
    if (!settings) return {};
    if (!context.store.sql) throw new Error('capture: payload capture needs the SQL store (storage.driver sqlite or postgres)');
    const store = new CaptureStore(context.store.sql);
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      // One sweep at a time: writes under load queue behind the one running rather than pile up.
      sweeping = sweeping
        .then(() => store.sweep(Date.now() - settings.retentionDays * MILLISECONDS_PER_DAY, settings.maxTotalBytes))
        .catch((error: unknown) => context.logger.error({ err: error }, 'capture retention failed'));
      return sweeping.then(() => undefined);
    };
    const sinks = [
      settings.webhook && captureWebhook(settings.webhook, context.logger),
      settings.otlp && captureOtlpLogs(settings.otlp, context.logger),
    ].filter((sink) => sink !== undefined);
    const written = async (capture: CapturedExchange) => {
      await Promise.all([sweep(), ...sinks.map((sink) => sink(capture))]);
    };
    const books: CaptureBooks = { config: settings, store, logger: context.logger, written, writing: new Set() };
    const timer = setInterval(() => void sweep(), settings.sweepIntervalSeconds * 1000);
    timer.unref();
    return {
      extension: { id: 'payload-capture', open: (exchange) => new RequestCapture(exchange, books) },
      routers: [createCaptureRouter(store, config.admin)],
      async close() {
        clearInterval(timer);
        while (books.writing.size > 0) await Promise.all(books.writing);
        await sweeping;
      },
    };
  },
});
