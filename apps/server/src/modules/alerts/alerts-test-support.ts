import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RaisedAlert } from '../../engine/alerts/alert-sink.js';
import { databaseNow } from '../../db/database-clock.js';
import type { Db } from '../../db/database.js';
import type { WriteScope } from '../../db/write-transaction.js';
import type { AlertClock } from './alert-clock.js';

/** One request a receiver got. */
export interface ReceivedPost {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  /** `http://127.0.0.1:{port}{path}`. */
  url(path?: string): string;
  /** Every request, in order (the ones held too). */
  received: ReceivedPost[];
  /** Event ids processed once each (what a receiver that de-duplicates keeps). */
  processed: string[];
  /** Statuses to answer next, in order; 200 when none is queued. */
  answers: number[];
  /** The next request is held (never answered) until `releaseHeld()` or close. */
  holdNext(): void;
  releaseHeld(status?: number): void;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 (issue 35's tests): it answers the queued statuses, keeps every
 * request, and de-duplicates by `X-LIS-Event-Id` as docs/alerts.md tells receivers to.
 */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedPost[] = [];
  const processed: string[] = [];
  const answers: number[] = [];
  let hold = false;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (hold) {
        hold = false;
        held.push(response);
        return;
      }
      const status = answers.shift() ?? 200;
      const eventId = String(request.headers['x-lis-event-id'] ?? '');
      if (status >= 200 && status < 300 && !processed.includes(eventId)) processed.push(eventId);
      response.statusCode = status;
      response.end(status < 300 ? '{"ok":true}' : `{"refused":${status}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    processed,
    answers,
    holdNext: () => {
      hold = true;
    },
    releaseHeld: (status = 200) => {
      for (const response of held.splice(0)) {
        response.statusCode = status;
        response.end('{"late":true}');
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The database's clock moved by `offsetMs` (escalations and leases fall due without waiting). */
export function offsetClock(db: Db): AlertClock & { offsetMs: number } {
  const clock = {
    offsetMs: 0,
    now: async (scope: WriteScope) => (await databaseNow(scope, db.dialect)) + clock.offsetMs,
  };
  return clock;
}

/** A raise of `condition` about `subject` for job JOB1 of company A (override anything). */
export function anAlert(overrides: Partial<RaisedAlert> = {}): RaisedAlert {
  return {
    companyCode: 'A',
    condition: 'RUN_ERROR',
    subject: 'A_JOB1_1',
    legacyId: 'JOB1',
    jobInstanceNo: 'A_JOB1_1',
    businessDay: null,
    deadlineAt: null,
    occurredAt: Date.now(),
    ...overrides,
  };
}
