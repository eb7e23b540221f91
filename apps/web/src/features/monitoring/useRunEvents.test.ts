import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { reconnectDelay } from './event-stream';
import { eventStream } from '../legacy-report/legacy-report-testing';
import { RUN_EVENTS_DEBOUNCE_MS, useRunEvents } from './useRunEvents';

// The hook waits on timers (the backoff, the debounce): the tests move a fake clock instead of sleeping.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useRunEvents', () => {
  it('reconnects after a failure, calls back once per burst of runs events, stops on unmount', async () => {
    const events = eventStream();
    let connections = 0;
    const fetchMock = mockFetch({
      'GET /v1/events': () =>
        ++connections === 1 ? jsonResponse({ message: 'busy' }, 503) : events.respond(),
    });
    const onRunsChanged = vi.fn();
    const { unmount } = renderHook(() => useRunEvents(onRunsChanged));
    // The second try comes after the first backoff (1 s).
    await vi.waitFor(() => expect(connections).toBe(1));
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    await vi.waitFor(() => expect(events.connected).toBe(true));
    expect(connections).toBe(2);
    events.send('runs');
    events.send('runs');
    await vi.waitFor(() => expect(onRunsChanged).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(RUN_EVENTS_DEBOUNCE_MS + 200);
    expect(onRunsChanged).toHaveBeenCalledTimes(1);

    const signal = fetchMock.mock.calls[1]?.[1]?.signal;
    unmount();
    expect(signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(events.cancelled).toBe(true));
    // Longer than the next backoff (2 s): no try after unmount.
    await vi.advanceTimersByTimeAsync(reconnectDelay(1) + 500);
    expect(connections).toBe(2);
  });

  it('stops trying when the session is refused', async () => {
    let connections = 0;
    mockFetch({
      'GET /v1/events': () => {
        connections += 1;
        return jsonResponse({ message: 'Sign in again' }, 401);
      },
    });
    renderHook(() => useRunEvents(() => {}));
    await vi.waitFor(() => expect(connections).toBe(1));
    // Longer than the first backoff (1 s): no second try after a 401.
    await vi.advanceTimersByTimeAsync(reconnectDelay(0) + 500);
    expect(connections).toBe(1);
  });
});
