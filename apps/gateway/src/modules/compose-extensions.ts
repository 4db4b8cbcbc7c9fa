import type { AnswerHeaders, Exchange, PipelineExtension, RequestHooks } from '@modelgate/pipeline';
import type { GatewayExtension, GatewayRequestHooks, RequestAnnouncements } from './gateway-module.js';

/**
 * The modules' extensions as the one extension the pipeline runs: each request opens every
 * module's hooks, in list order, and each named point calls them in that order. The hooks of one
 * request hear each other's announcements (a usage record, a limit's refusal), so a module listens
 * to another without a table keyed by the exchange.
 */
export function composeExtensions(extensions: readonly GatewayExtension[]): PipelineExtension {
  return {
    id: extensions.map((extension) => extension.id).join('+'),
    open(exchange: Exchange): RequestHooks {
      const hooks: GatewayRequestHooks[] = [];
      const announce: RequestAnnouncements = {
        usageRecorded: (record) => hooks.forEach((each) => each.usageRecorded?.(record)),
        limitRefused: (limit) => hooks.forEach((each) => each.limitRefused?.(limit)),
      };
      for (const extension of extensions) {
        const opened = extension.open?.(exchange, announce);
        if (opened) hooks.push(opened);
      }
      return requestHooksOf(hooks);
    },
  };
}

function requestHooksOf(hooks: readonly GatewayRequestHooks[]): RequestHooks {
  return {
    admit: (target) => admitInTurn(hooks.filter((each) => each.admit), 0, target, {}),
    attemptStarted(attempt) {
      const headers: Record<string, string> = {};
      for (const each of hooks) Object.assign(headers, each.attemptStarted?.(attempt));
      return headers;
    },
    attemptEnded: (attempt) => hooks.forEach((each) => each.attemptEnded?.(attempt)),
    answerComplete: (status, answer) => hooks.forEach((each) => each.answerComplete?.(status, answer)),
    closed: (ending) => hooks.forEach((each) => each.closed?.(ending)),
  };
}

/** Each admit in turn (a refusal stops the rest), synchronous while every one is: no promise for the commonest request. */
function admitInTurn(
  hooks: readonly GatewayRequestHooks[],
  from: number,
  target: Parameters<NonNullable<RequestHooks['admit']>>[0],
  headers: Record<string, string>,
): AnswerHeaders | Promise<AnswerHeaders> {
  for (let index = from; index < hooks.length; index++) {
    const admitted = hooks[index]!.admit!(target);
    if (admitted instanceof Promise) return admitted.then((added) => admitInTurn(hooks, index + 1, target, Object.assign(headers, added)));
    Object.assign(headers, admitted);
  }
  return headers;
}
