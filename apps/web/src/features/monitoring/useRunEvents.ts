import { useEffect, useRef } from 'react';
import { splitEndpoint } from '../../platform/api/endpoint-client';
import { apiUrl } from '../../platform/api/http';
import { readSession } from '../../platform/session/session';
import { readEventStream, reconnectDelay } from './event-stream';

const EVENTS_PATH = splitEndpoint('GET /v1/events').path;

/** A burst of events (steps ending one after another) costs one reload. */
export const RUN_EVENTS_DEBOUNCE_MS = 500;

/**
 * DESIGN §7: follows `GET /v1/events` and calls `onRunsChanged` (debounced) when runs change. Read with
 * `fetch` because an EventSource cannot send the bearer token; reconnects with backoff; stops on unmount
 * and after a 401 (the shell then takes the user to sign-in).
 */
export function useRunEvents(onRunsChanged: () => void): void {
  const callback = useRef(onRunsChanged);
  useEffect(() => {
    callback.current = onRunsChanged;
  });

  useEffect(() => {
    const controller = new AbortController();
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const onEvent = (name: string) => {
      if (name !== 'runs') return;
      clearTimeout(debounce);
      debounce = setTimeout(() => callback.current(), RUN_EVENTS_DEBOUNCE_MS);
    };

    const connect = async () => {
      const session = readSession();
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (session) headers.Authorization = `Bearer ${session.access_token}`;
      try {
        const response = await fetch(apiUrl(EVENTS_PATH), {
          headers,
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.status === 401) return;
        if (response.ok && response.body) {
          attempt = 0;
          await readEventStream(response.body, onEvent, controller.signal);
        }
      } catch {
        // A dropped connection: try again below.
      }
      if (controller.signal.aborted) return;
      retry = setTimeout(() => void connect(), reconnectDelay(attempt));
      attempt += 1;
    };
    void connect();

    return () => {
      controller.abort();
      clearTimeout(debounce);
      clearTimeout(retry);
    };
  }, []);
}
