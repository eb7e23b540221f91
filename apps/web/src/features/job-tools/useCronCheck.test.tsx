import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { callsTo } from './job-tools-testing';
import { CRON_CHECK_DEBOUNCE_MS, useCronCheck } from './useCronCheck';

const wrapper = ({ children }: { children: ReactNode }) => <TestProviders>{children}</TestProviders>;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCronCheck', () => {
  it('asks the server once the expression stopped changing, not for each step', async () => {
    const fetchMock = mockFetch({
      'POST /v1/cron/check': ({ body }) => ({
        valid: true,
        description: (body as { expression: string }).expression,
        time_zone: 'UTC',
        next_fire_times: [],
      }),
    });
    const { result, rerender } = renderHook(({ expression }) => useCronCheck(expression), {
      wrapper,
      initialProps: { expression: '' },
    });
    for (const expression of ['0 0 8 * * ?', '0 0 9 * * ?', '0 0 10 * * ?', '0 0 11 * * ?']) {
      act(() => vi.advanceTimersByTime(CRON_CHECK_DEBOUNCE_MS - 50));
      rerender({ expression });
    }
    expect(result.current.checking).toBe(true);
    expect(callsTo(fetchMock, 'POST', '/v1/cron/check')).toEqual([]);
    // The debounce ends, then react-query's own timers and the fetch settle.
    for (let step = 0; step < 20 && !result.current.result; step++) {
      await act(() => vi.advanceTimersByTimeAsync(CRON_CHECK_DEBOUNCE_MS));
    }
    expect(result.current.result?.description).toBe('0 0 11 * * ?');
    expect(callsTo(fetchMock, 'POST', '/v1/cron/check').map((call) => call.body)).toEqual([
      { expression: '0 0 11 * * ?', language: 'en', count: 5 },
    ]);
  });

  it('an empty expression is not checked', () => {
    const fetchMock = mockFetch({});
    const { result } = renderHook(() => useCronCheck(''), { wrapper });
    act(() => vi.advanceTimersByTime(CRON_CHECK_DEBOUNCE_MS * 2));
    expect(result.current).toEqual({ result: undefined, checking: false, error: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
