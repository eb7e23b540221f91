import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../app/testing/mock-fetch';
import { eventStream } from './legacy-report-testing';
import { useRunEvents } from './useRunEvents';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useRunEvents', { timeout: 15_000 }, () => {
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
    await waitFor(() => expect(events.connected).toBe(true), { timeout: 3000 });
    expect(connections).toBe(2);
    events.send('runs');
    events.send('runs');
    await waitFor(() => expect(onRunsChanged).toHaveBeenCalledTimes(1));
    await sleep(700);
    expect(onRunsChanged).toHaveBeenCalledTimes(1);

    const signal = fetchMock.mock.calls[1]?.[1]?.signal;
    unmount();
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(events.cancelled).toBe(true));
    await sleep(1500);
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
    await waitFor(() => expect(connections).toBe(1));
    await sleep(1500);
    expect(connections).toBe(1);
  });
});
