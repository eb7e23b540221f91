import { describe, expect, it } from 'vitest';
import { IdempotencyStore } from '@lis/reference-peers/idempotency-store';

const answer = (message: string) => ({ status: 'success' as const, message, files: [], results: [] });

describe('the reference server memory of idempotency keys', () => {
  it('executes a key once, replays its answer, refuses a repeat while it runs, retries after a failure', () => {
    const store = new IdempotencyStore({}, () => 0);
    const first = store.claim('k');
    expect(first.kind).toBe('execute');
    expect(store.claim('k').kind).toBe('conflict');
    if (first.kind === 'execute') first.done(answer('one'));
    expect(store.claim('k')).toEqual({ kind: 'replay', answer: JSON.stringify(answer('one')) });
    expect(store.record('k')).toEqual({ state: 'answered', executions: 1, replays: 1, conflicts: 1 });

    const failing = store.claim('f');
    if (failing.kind === 'execute') failing.failed();
    expect(store.claim('f').kind).toBe('execute');
    expect(store.record('f')).toMatchObject({ state: 'running', executions: 2 });
  });

  it('forgets an answer after its time to live', () => {
    let now = 1_000;
    const store = new IdempotencyStore({ ttlMs: 500 }, () => now);
    const claim = store.claim('k');
    if (claim.kind === 'execute') claim.done(answer('one'));
    now += 499;
    expect(store.claim('k').kind).toBe('replay');
    now += 1;
    expect(store.record('k')).toBeUndefined();
    expect(store.claim('k').kind).toBe('execute');
  });

  it('keeps at most maxEntries keys and maxBytes of answers, the least recently used going first, never a running one', () => {
    const store = new IdempotencyStore({ maxEntries: 2 }, () => 0);
    const running = store.claim('running');
    for (const key of ['a', 'b', 'c']) {
      const claim = store.claim(key);
      if (claim.kind === 'execute') claim.done(answer(key));
    }
    expect(store.record('running')?.state).toBe('running');
    expect(store.record('a')).toBeUndefined();
    expect(store.record('b')).toBeUndefined();
    expect(store.record('c')?.state).toBe('answered');
    if (running.kind === 'execute') running.done(answer('late'));

    const small = new IdempotencyStore({ maxBytes: 150 }, () => 0);
    for (const key of ['x', 'y']) {
      const claim = small.claim(key);
      if (claim.kind === 'execute') claim.done(answer(key.repeat(40)));
    }
    expect(small.record('x')).toBeUndefined();
    expect(small.record('y')?.state).toBe('answered');
    // An answer larger than the whole budget is not remembered: a repeat executes again.
    const huge = small.claim('huge');
    if (huge.kind === 'execute') huge.done(answer('h'.repeat(500)));
    expect(small.claim('huge').kind).toBe('execute');
  });
});
