import type { Exchange, PipelineExtension, RequestHooks } from '@modelgate/pipeline';
import type { GatewayExtension, GatewayRequestHooks, RequestAnnouncements } from './gateway-module.js';

/** The hooks the modules opened for one request, and the announcements they share. */
interface RequestGroup {
  readonly exchange: Exchange;
  readonly hooks: GatewayRequestHooks[];
  readonly announce: RequestAnnouncements;
}

function openGroup(exchange: Exchange): RequestGroup {
  const hooks: GatewayRequestHooks[] = [];
  return {
    exchange,
    hooks,
    announce: {
      usageRecorded: (record) => hooks.forEach((each) => each.usageRecorded?.(record)),
      limitRefused: (limit) => hooks.forEach((each) => each.limitRefused?.(limit)),
      guardrailActed: (decision) => hooks.forEach((each) => each.guardrailActed?.(decision)),
    },
  };
}

/**
 * The modules' extensions as the pipeline's, in list order (the pipeline calls each point's hooks
 * in that order). The hooks one request's modules open hear each other's announcements (a usage
 * record, a limit's refusal), so a module listens to another without a table keyed by the
 * exchange: the pipeline opens every extension of a request together, in order, when it creates
 * the exchange, so the group being filled is the one of the exchange being opened.
 */
export function moduleExtensions(extensions: readonly GatewayExtension[]): PipelineExtension[] {
  let opening: RequestGroup | undefined;
  return extensions.map((extension) => ({
    id: extension.id,
    open(exchange: Exchange): RequestHooks | void {
      if (opening?.exchange !== exchange) opening = openGroup(exchange);
      const hooks = extension.open?.(exchange, opening.announce);
      if (hooks) opening.hooks.push(hooks);
      return hooks;
    },
  }));
}
