import type { LegacyReportRow, RoleCode } from '@lis/contracts';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { CurrentUserContext, SIGNED_OUT_USER } from '../../platform/auth/current-user-context';
import { TestProviders } from '../../testing/TestProviders';
import { LegacyReport, type LegacyReportVariant } from './LegacyReport';
import { errorsFirstStorageKey } from './useErrorsFirst';

/** A report row of a job that ran and finished; override what the test is about. */
export function buildReportRow(overrides: Partial<LegacyReportRow> = {}): LegacyReportRow {
  return {
    sid: '555',
    companycode: 'C1',
    legacyid: 'INV001',
    legacyname: 'Invoice Import',
    legacytype: 'SFTP',
    job_instanceno: 'C1-INV001-20261120101500',
    status: 'FINISHED',
    isactive: 'Y',
    hassuspend: 'N',
    important_job: 'false',
    job_started_on: '2026-11-20T10:15:00.000Z',
    job_finished_on: '2026-11-20T10:16:30.000Z',
    next_fire: '2026-11-21T10:15:00.000Z',
    message: 'Load files: 2 files',
    step1_status: 'SUCCESS',
    step2_status: 'SUCCESS',
    step3_status: 'SUCCESS',
    step4_status: 'SUCCESS',
    step5_status: '',
    send_email_status: 'SUCCESS',
    step1_started_on: '',
    step2_started_on: '',
    step3_started_on: '',
    step4_started_on: '',
    step5_started_on: '',
    ...overrides,
  };
}

/** `null`: the user's role has not loaded yet. */
export function renderReport(
  role: RoleCode | null = 'user',
  variant: LegacyReportVariant = 'monitoring',
  { username = 'u', errorsFirst = false }: { username?: string; errorsFirst?: boolean | 'unset' } = {},
) {
  // "Errors first" is on by default (LIS issue 31); most tests read the spec's order, so the user has
  // turned it off unless the test says otherwise ('unset': the user never chose).
  if (errorsFirst !== 'unset' && localStorage.getItem(errorsFirstStorageKey(username)) === null)
    localStorage.setItem(errorsFirstStorageKey(username), String(errorsFirst));
  return render(
    <TestProviders route={variant === 'manual' ? '/legacyreport-manual' : '/legacyreport'}>
      {/* Without motion a closed modal leaves the DOM at once (jsdom never ends a CSS transition). */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CurrentUserContext.Provider
          value={{ ...SIGNED_OUT_USER, username, role: role ?? undefined, found: true }}
        >
          <LegacyReport variant={variant} />
        </CurrentUserContext.Provider>
      </ConfigProvider>
    </TestProviders>,
  );
}

/** `GET /v1/events` as a stream the test writes events into. */
export function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let cancelled = false;
  return {
    respond: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (c) => {
            controller = c;
            c.enqueue(new TextEncoder().encode('retry: 3000\n\n'));
          },
          cancel: () => {
            cancelled = true;
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
    /** An event on the open stream; wait for `connected` first (an event before it would be lost). */
    send: (name: string) => {
      if (!controller) throw new Error(`event '${name}' sent before the screen opened its stream`);
      controller.enqueue(new TextEncoder().encode(`event: ${name}\ndata: {"at":"now"}\n\n`));
    },
    get connected() {
      return controller !== undefined;
    },
    /** The reader let go of the stream (the screen closed). */
    get cancelled() {
      return cancelled;
    },
  };
}

/** The body rows of the report, in screen order (the table is virtual: rows are divs). */
export const reportRows = () =>
  Array.from(
    document.querySelectorAll<HTMLElement>(
      '.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row',
    ),
  );

export const rowOf = (legacyId: string) => {
  const row = reportRows().find((r) => r.textContent?.includes(legacyId));
  if (!row) throw new Error(`no row of ${legacyId}`);
  return row;
};

export async function findDialog(title: string): Promise<HTMLElement> {
  const [match] = await screen.findAllByText(title);
  const dialog = match?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}
