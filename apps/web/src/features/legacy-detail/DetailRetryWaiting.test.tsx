import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { DetailStepAttempts } from './DetailStepAttempts';

const PARAMS = { companyCode: 'C1', legacyId: 'JOB-1', jobNo: 'JOB-1_1', legacyType: 'IN_WAIT' };
const RETRY = { step: 2, attempt: 2, max: 5, next_at: Date.parse('2026-11-29T03:14:03.000Z') };

afterEach(cleanup);

describe('Monitor Detail: a run waiting for a step retry (issue 36)', () => {
  it('says which attempt of how many and when; Retry now posts for the exact run', async () => {
    const fetchMock = mockFetch({
      'GET /v1/legacy/step-attempts': () => ({ result_list: [], retry: RETRY }),
      'POST /v1/lis-server/retry-now': () => ({ message: 'Step 2 of run JOB-1_1 will be tried again now' }),
    });
    const changed = vi.fn();
    render(
      <TestProviders route="/legacydetail">
        <DetailStepAttempts params={PARAMS} onChanged={changed} />
      </TestProviders>,
    );
    const banner = await screen.findByTestId('detail-retry-waiting');
    expect(banner.textContent).toMatch(/Step 2: attempt 2 of 5, next at \d\d-\d\d-2026 \d\d:\d\d:\d\d/);
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await expect.poll(() => changed.mock.calls.length).toBe(1);
    const posted = fetchMock.mock.calls
      .map(([input, init]) => ({
        url: new URL(String(input)),
        method: (init as RequestInit | undefined)?.method,
      }))
      .find((call) => call.url.pathname === '/v1/lis-server/retry-now');
    expect(posted?.method).toBe('POST');
    expect(Object.fromEntries(posted?.url.searchParams ?? [])).toMatchObject({
      company_code: 'C1',
      legacy_id: 'JOB-1',
      job_instance_no: 'JOB-1_1',
    });
    expect(screen.getByRole('button', { name: 'Cancel retries' })).toBeTruthy();
  });

  it('shows nothing when the run does not wait for a retry', async () => {
    const fetchMock = mockFetch({ 'GET /v1/legacy/step-attempts': () => ({ result_list: [], retry: null }) });
    render(
      <TestProviders route="/legacydetail">
        <DetailStepAttempts params={PARAMS} />
      </TestProviders>,
    );
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    expect(screen.queryByTestId('detail-retry-waiting')).toBeNull();
  });
});
