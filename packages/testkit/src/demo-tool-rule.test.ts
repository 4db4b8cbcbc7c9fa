import { describe, expect, it } from '@jest/globals';
import { planDemoStep, type DemoToolOffer } from './demo-tool-rule.js';

const weather: DemoToolOffer = { name: 'get_weather', parameters: { type: 'object', properties: { unit: { type: 'number' }, city: { type: 'string' } } } };
const bash: DemoToolOffer = { name: 'Bash', parameters: { type: 'object', properties: { description: { type: 'string' }, command: { type: 'string' } }, required: ['command'] } };

describe('planDemoStep (the demo tool rule)', () => {
  it('calls the first offered shell with the last text in backticks', () => {
    const turn = { kind: 'user', text: '<reminder>use `ls` freely</reminder> Run `echo hi` please' } as const;
    expect(planDemoStep(turn, [weather, bash])).toEqual({ kind: 'call', name: 'Bash', input: { command: 'echo hi' } });
  });

  it('without a shell, calls the first tool with its first required string parameter, else its first one', () => {
    expect(planDemoStep({ kind: 'user', text: 'Weather in `Oslo`?' }, [weather])).toEqual({ kind: 'call', name: 'get_weather', input: { city: 'Oslo' } });
    const required = { name: 'lookup', parameters: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['b'] } };
    expect(planDemoStep({ kind: 'user', text: 'find `x`' }, [required])).toEqual({ kind: 'call', name: 'lookup', input: { b: 'x' } });
  });

  it('answers as usual without backticks, without tools, or with no string parameter to fill', () => {
    expect(planDemoStep({ kind: 'user', text: 'Hello' }, [bash])).toBeUndefined();
    expect(planDemoStep({ kind: 'user', text: 'Run `ls`' }, [])).toBeUndefined();
    expect(planDemoStep({ kind: 'user', text: 'Run `ls`' }, [{ name: 'now', parameters: { type: 'object', properties: {} } }])).toBeUndefined();
  });

  it('quotes a tool result back, collapsed and bounded', () => {
    expect(planDemoStep({ kind: 'tool_result', text: 'line one\n  line two\n' }, [bash])).toEqual({ kind: 'text', text: 'Tool result: line one line two' });
    const long = planDemoStep({ kind: 'tool_result', text: 'x'.repeat(1000) }, []);
    expect(long).toEqual({ kind: 'text', text: `Tool result: ${'x'.repeat(400)}…` });
  });
});
