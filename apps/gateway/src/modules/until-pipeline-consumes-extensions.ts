import type { AdmissionControl, Exchange, ExchangeObserver, PipelineExtension, RequestHooks } from '@modelgate/pipeline';

/**
 * Until the pipeline consumes extensions: one extension as today's `admission` and observer
 * inputs. The observer opens the extension's hooks when the exchange is created; admission and
 * the observer events find them in a table keyed by the exchange (the side table the pipeline's own
 * `open` removes). The lead deletes this file when the pipeline takes `extensions`.
 */
export function asAdmissionAndObserver(extension: PipelineExtension): { admission: AdmissionControl; observer: ExchangeObserver } {
  const opened = new WeakMap<Exchange, RequestHooks>();
  const hooksOf = (exchange: Exchange): RequestHooks => opened.get(exchange) ?? {};
  return {
    admission: { admit: (exchange, target) => hooksOf(exchange).admit?.(target) ?? {} } as AdmissionControl,
    observer: {
      opened(exchange) {
        const hooks = extension.open?.(exchange);
        if (hooks) opened.set(exchange, hooks);
      },
      attemptStarted: (exchange, attempt) => hooksOf(exchange).attemptStarted?.(attempt),
      attemptEnded: (exchange, attempt) => hooksOf(exchange).attemptEnded?.(attempt),
      answerComplete: (exchange, status, answer) => hooksOf(exchange).answerComplete?.(status, answer),
      closed: (exchange, ending) => hooksOf(exchange).closed?.(ending),
    },
  };
}
