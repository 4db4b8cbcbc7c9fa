import { describe, expect, it } from '@jest/globals';
import type { AdmissionTarget, Exchange, RequestHooks } from '@modelgate/pipeline';
import { composeExtensions } from '../../src/modules/compose-extensions.js';
import type { GatewayExtension, GatewayRequestHooks } from '../../src/modules/gateway-module.js';
import type { UsageRecord } from '../../src/usage/usage-record.js';

const target = { model: 'm' } as AdmissionTarget;
const exchange = (id: string) => ({ requestId: id }) as unknown as Exchange;

function extension(id: string, hooks: (announce: Parameters<NonNullable<GatewayExtension['open']>>[1]) => GatewayRequestHooks): GatewayExtension {
  return { id, open: (_exchange, announce) => hooks(announce) };
}

const open = (extensions: GatewayExtension[], id = 'r1'): RequestHooks => composeExtensions(extensions).open!(exchange(id)) as RequestHooks;

// The modules' extensions run as one: each point calls every module's hooks in the list's order.
describe('composeExtensions', () => {
  it('admits in list order, merging the headers, without a promise while every admit is synchronous', () => {
    const seen: string[] = [];
    const hooks = open([
      extension('a', () => ({ admit: () => (seen.push('a'), { 'x-a': '1' }) })),
      extension('b', () => ({ admit: () => void seen.push('b') })),
      extension('c', () => ({ admit: () => (seen.push('c'), { 'x-c': '3' }) })),
    ]);
    const admitted = hooks.admit!(target);
    expect(admitted).not.toBeInstanceOf(Promise);
    expect(admitted).toEqual({ 'x-a': '1', 'x-c': '3' });
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('waits for an asynchronous admit before the next, and a refusal stops the rest', async () => {
    const seen: string[] = [];
    const admitting = open([
      extension('a', () => ({ admit: async () => (seen.push('a'), { 'x-a': '1' }) })),
      extension('b', () => ({ admit: () => (seen.push('b'), { 'x-b': '2' }) })),
    ]);
    await expect(admitting.admit!(target)).resolves.toEqual({ 'x-a': '1', 'x-b': '2' });
    expect(seen).toEqual(['a', 'b']);
    const refusing = open([
      extension('a', () => ({ admit: () => Promise.reject(new Error('over the limit')) })),
      extension('b', () => ({ admit: () => void seen.push('refused request admitted') })),
    ]);
    await expect(refusing.admit!(target)).rejects.toThrow('over the limit');
    expect(seen).toEqual(['a', 'b']);
  });

  it("tells every module's hooks of a request what one of them announces, and no other request's", () => {
    const heard: string[] = [];
    const record = { recordId: 'rec' } as UsageRecord;
    const extensions = [
      extension('usage', (announce) => ({ answerComplete: () => announce!.usageRecorded(record) })),
      extension('metrics', () => ({ usageRecorded: (written) => void heard.push(`metrics ${written.recordId}`) })),
      extension('limits', () => ({ usageRecorded: (written) => void heard.push(`limits ${written.recordId}`) })),
    ];
    const first = open(extensions, 'r1');
    open(extensions, 'r2');
    first.answerComplete!(200);
    expect(heard).toEqual(['metrics rec', 'limits rec']);
  });

  it('gathers the headers every module adds to an upstream attempt', () => {
    const hooks = open([extension('tracing', () => ({ attemptStarted: () => ({ traceparent: 't' }) })), extension('other', () => ({ attemptStarted: () => ({ 'x-o': 'o' }) }))]);
    expect(hooks.attemptStarted!({} as never)).toEqual({ traceparent: 't', 'x-o': 'o' });
  });
});
