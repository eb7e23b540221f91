import { describe, expect, it } from 'vitest';
import { beginLoading, isLoading, withLoading } from './loading-store';

describe('loading store', () => {
  it('stays set until every task is done', async () => {
    const first = beginLoading();
    const second = beginLoading();
    expect(isLoading()).toBe(true);
    first();
    first();
    expect(isLoading()).toBe(true);
    second();
    expect(isLoading()).toBe(false);
    await withLoading(Promise.resolve(1));
    expect(isLoading()).toBe(false);
  });
});
