import { describe, expect, it } from '@jest/globals';
import type { Exchange, PipelineExtension, RequestHooks } from '@modelgate/pipeline';
import type { GatewayExtension, RequestAnnouncements } from '../../src/modules/gateway-module.js';
import { moduleExtensions } from '../../src/modules/module-extensions.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';

const exchange = (id: string) => ({ requestId: id }) as unknown as Exchange;

/** What the pipeline does when it creates an exchange: opens every extension, in list order. */
const openRequest = (extensions: readonly PipelineExtension[], id: string): RequestHooks[] => {
  const created = exchange(id);
  return extensions.flatMap((extension) => extension.open?.(created) ?? []);
};

/** A usage module that announces its record when the answer is complete, and two listeners noting what they hear. */
function modulesHearing(heard: string[]): GatewayExtension[] {
  const listener = (name: string): GatewayExtension => ({
    id: name,
    open: (opened) => ({ usageRecorded: (record: UsageRecord) => void heard.push(`${name} heard ${record.recordId} in ${opened.requestId}`) }),
  });
  return [
    listener('limits'),
    { id: 'usage', open: (opened, announce?: RequestAnnouncements) => ({ answerComplete: () => announce!.usageRecorded({ recordId: `record of ${opened.requestId}` } as UsageRecord) }) },
    listener('metrics'),
  ];
}

// The modules' extensions go to the pipeline as they are, in list order; what one module's hooks
// announce (a usage record, a refusal) reaches every module's hooks of the same request.
describe('moduleExtensions', () => {
  it('gives the pipeline one extension per module, in list order, opening the hooks the module opens', () => {
    const extensions = moduleExtensions(modulesHearing([]));
    expect(extensions.map((extension) => extension.id)).toEqual(['limits', 'usage', 'metrics']);
    expect(openRequest(extensions, 'r1')).toHaveLength(3);
  });

  it("tells every module's hooks of a request what one of them announces, and no other request's", () => {
    const heard: string[] = [];
    const extensions = moduleExtensions(modulesHearing(heard));
    const first = openRequest(extensions, 'r1');
    const second = openRequest(extensions, 'r2');
    first[1]!.answerComplete!(200);
    expect(heard).toEqual(['limits heard record of r1 in r1', 'metrics heard record of r1 in r1']);
    second[1]!.answerComplete!(200);
    expect(heard.slice(2)).toEqual(['limits heard record of r2 in r2', 'metrics heard record of r2 in r2']);
  });
});
