import type { Exchange, ExchangeObserver, PipelineExtension, RequestHooks } from '@modelgate/pipeline';

/**
 * An exchange observer as an extension: its hooks pass the exchange along. Only the pipeline's tracer
 * needs it, until the tracer is an extension itself (then this file goes).
 */
export function observerExtension(id: string, observer: ExchangeObserver): PipelineExtension {
  return {
    id,
    open(exchange: Exchange): RequestHooks {
      observer.opened?.(exchange);
      return {
        attemptStarted: (attempt) => observer.attemptStarted?.(exchange, attempt),
        attemptEnded: (attempt) => observer.attemptEnded?.(exchange, attempt),
        answerComplete: (status, answer) => observer.answerComplete?.(exchange, status, answer),
        closed: (ending) => observer.closed?.(exchange, ending),
      };
    },
  };
}
