import type { AdmissionControl, AnswerHeaders, AdmissionTarget, Exchange, ExchangeObserver, PipelineExtension, RequestHooks } from '@modelgate/pipeline';

/**
 * Until the pipeline consumes extensions: the extensions as today's `admission` and observer
 * inputs. The observer opens every extension's hooks when the exchange is created; admission and
 * the observer events find them in a table keyed by the exchange and call them in list order (the
 * side table and fan-out the pipeline's own `extensions` replace). The lead deletes this file when
 * the pipeline takes `extensions`.
 */
export function asAdmissionAndObserver(extensions: readonly PipelineExtension[]): { admission: AdmissionControl; observer: ExchangeObserver } {
  const opened = new WeakMap<Exchange, RequestHooks[]>();
  const hooksOf = (exchange: Exchange): RequestHooks[] => opened.get(exchange) ?? [];
  const admitInTurn = (hooks: RequestHooks[], target: AdmissionTarget, from: number, headers: Record<string, string>): AnswerHeaders | Promise<AnswerHeaders> => {
    for (let index = from; index < hooks.length; index++) {
      const admitted = hooks[index]!.admit?.(target);
      if (admitted instanceof Promise) return admitted.then((added) => admitInTurn(hooks, target, index + 1, Object.assign(headers, added)));
      Object.assign(headers, admitted);
    }
    return headers;
  };
  return {
    admission: { admit: (exchange, target) => admitInTurn(hooksOf(exchange), target, 0, {}) },
    observer: {
      opened: (exchange) => opened.set(exchange, extensions.flatMap((extension) => extension.open?.(exchange) ?? [])),
      attemptStarted: (exchange, attempt) => Object.assign({}, ...hooksOf(exchange).map((hooks) => hooks.attemptStarted?.(attempt))),
      attemptEnded: (exchange, attempt) => hooksOf(exchange).forEach((hooks) => hooks.attemptEnded?.(attempt)),
      answerComplete: (exchange, status, answer) => hooksOf(exchange).forEach((hooks) => hooks.answerComplete?.(status, answer)),
      closed: (exchange, ending) => hooksOf(exchange).forEach((hooks) => hooks.closed?.(ending)),
    },
  };
}
