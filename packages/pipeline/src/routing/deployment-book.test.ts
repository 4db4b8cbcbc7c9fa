import { describe, expect, it } from '@jest/globals';
import { DeploymentBook } from './deployment-book.js';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('DeploymentBook', () => {
  it('takes a deployment out of rotation after the threshold of counted failures, then lets one probe bring it back', () => {
    const time = clock();
    const book = new DeploymentBook({ failureThreshold: 2, cooldownMs: 500, countedKinds: ['server'] }, time.now);
    book.failed('a', 'server', true);
    expect(book.state('a')).toBe('in-rotation');
    book.failed('a', 'server', true);
    expect(book.state('a')).toBe('cooling-down');
    expect(book.mayUse('a')).toBe(false);
    time.advance(500);
    expect(book.state('a')).toBe('probe-due');
    const end = book.begin('a');
    expect(book.state('a')).toBe('probing');
    expect(book.mayUse('a')).toBe(false);
    book.succeeded('a', 40);
    end();
    expect(book.status('a')).toMatchObject({ state: 'in-rotation', consecutiveFailures: 0, inFlight: 0, timeToFirstByteMs: 40 });
  });

  it('sends a failed probe straight back to cooling down', () => {
    const time = clock();
    const book = new DeploymentBook({ failureThreshold: 1, cooldownMs: 100, countedKinds: ['overloaded'] }, time.now);
    book.failed('a', 'overloaded', true);
    time.advance(100);
    book.begin('a')();
    book.failed('a', 'overloaded', true);
    expect(book.status('a')).toMatchObject({ state: 'cooling-down', cooledUntil: time.now() + 100, lastErrorKind: 'overloaded' });
  });

  it("counts neither the client's errors nor any failure of a model with one deployment toward a cooldown", () => {
    const book = new DeploymentBook({ failureThreshold: 1, cooldownMs: 100, countedKinds: ['server'] });
    book.failed('a', 'invalid_request', true);
    book.failed('b', 'server', false);
    expect([book.state('a'), book.state('b')]).toEqual(['in-rotation', 'in-rotation']);
  });

  it('keeps a moving average of the time to first byte and the requests in flight', () => {
    const book = new DeploymentBook();
    const first = book.begin('a');
    book.begin('a');
    expect(book.inFlight('a')).toBe(2);
    first();
    first();
    expect(book.inFlight('a')).toBe(1);
    book.succeeded('a', 100);
    book.succeeded('a', 200);
    expect(book.timeToFirstByteMs('a')).toBeCloseTo(120);
  });

  it('forgets a deployment it does not keep once no request is on it, so made-up ids cannot grow it (issue 27)', () => {
    const book = new DeploymentBook({ failureThreshold: 1, cooldownMs: 100, countedKinds: ['server'] }, Date.now, (id) => id === 'kept');
    for (let index = 0; index < 100; index++) {
      const end = book.begin(`made-up-${index}`);
      expect(book.inFlight(`made-up-${index}`)).toBe(1);
      book.failed(`made-up-${index}`, 'server', false);
      end();
    }
    book.begin('kept')();
    book.failed('kept', 'server', true);
    expect(book.size).toBe(1);
    expect(book.status('kept')).toMatchObject({ state: 'cooling-down' });
  });

  it('tells its listener of each cooldown it starts, and takes in a cooldown learned elsewhere without telling it back', () => {
    const time = clock();
    const told: [string, number][] = [];
    const policy = { failureThreshold: 1, cooldownMs: 300, countedKinds: ['overloaded' as const] };
    const keeps = (id: string) => id !== 'made-up';
    const first = new DeploymentBook(policy, time.now, keeps, { cooledDown: (id, until) => told.push([id, until]) });
    const second = new DeploymentBook(policy, time.now, keeps, { cooledDown: (id, until) => told.push([id, until]) });
    first.failed('a', 'overloaded', true);
    first.failed('made-up', 'overloaded', true);
    expect(told).toEqual([['a', 1_300]]);

    second.coolDown('a', 1_300);
    second.coolDown('made-up', 1_300);
    expect(told).toHaveLength(1);
    expect(second.status('a')).toMatchObject({ state: 'cooling-down', cooledUntil: 1_300 });
    expect(second.size).toBe(1);
    // An older cooldown does not shorten a later one.
    second.coolDown('a', 1_100);
    expect(second.status('a').cooledUntil).toBe(1_300);
    time.advance(300);
    expect(second.state('a')).toBe('probe-due');
  });
});
