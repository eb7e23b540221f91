import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { DetailStepAttempts } from './DetailStepAttempts';

const PARAMS = { companyCode: 'C1', legacyId: 'JOB-1', jobNo: 'JOB-1_1', legacyType: 'IN_WAIT' };

afterEach(cleanup);

describe('Monitor Detail: earlier attempts of re-run steps (issue 31)', () => {
  it('lists each earlier attempt with its own times and who re-ran it; asks for the exact run', async () => {
    const fetchMock = mockFetch({
      'GET /v1/legacy/step-attempts': () => ({
        result_list: [
          {
            step: 3,
            attempt: 1,
            status: 'ERROR',
            started_on: '2026-11-20T20:42:05.000Z',
            finished_on: '2026-11-20T20:42:09.000Z',
            message: 'return folder blocked',
            rerun_by: 'user-a',
            rerun_on: '2026-11-20T20:58:34.000Z',
          },
        ],
      }),
    });
    render(
      <TestProviders route="/legacydetail">
        <DetailStepAttempts params={PARAMS} />
      </TestProviders>,
    );
    const section = await screen.findByRole('region', { name: 'Earlier attempts of re-run steps' });
    const row = within(section).getByText('return folder blocked').closest('tr') as HTMLElement;
    expect(within(row).getByText('3 Return Files')).toBeTruthy();
    expect(within(row).getByText('ERROR')).toBeTruthy();
    expect(row.textContent).toMatch(/user-a \d\d-\d\d-2026 \d\d:\d\d:\d\d/);
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input)));
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toMatchObject({
      company_code: 'C1',
      legacy_id: 'JOB-1',
      job_instance_no: 'JOB-1_1',
    });
  });

  it('shows nothing for a run never re-run', async () => {
    const fetchMock = mockFetch({ 'GET /v1/legacy/step-attempts': () => ({ result_list: [] }) });
    const { container } = render(
      <TestProviders route="/legacydetail">
        <DetailStepAttempts params={PARAMS} />
      </TestProviders>,
    );
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    expect(container.querySelector('section')).toBeNull();
  });
});
