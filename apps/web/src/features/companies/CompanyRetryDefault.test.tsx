import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { setupUser } from '../../testing/user';
import { CompanyRetryDefault } from './CompanyRetryDefault';

afterEach(cleanup);

describe("a company's default retry policy (issue 36)", () => {
  it('shows the stored policy with its waits and saves it for the company', async () => {
    const policy = { attempts: 3, first_delay_ms: 20_000, factor: 2, max_delay_ms: 600_000, jitter: 0.2 };
    const fetchMock = mockFetch({
      'GET /v1/companies/retry-policy': () => ({ retry_policy: policy }),
      'PUT /v1/companies/retry-policy': () => ({ retry_policy: policy }),
    });
    const user = setupUser();
    render(
      <TestProviders route="/">
        <CompanyRetryDefault companyCode="C1" />
      </TestProviders>,
    );
    await waitFor(() => expect(screen.getByText('Waits: 20 s → 40 s')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Save retry policy' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT'),
      ).toBe(true),
    );
    const [url, init] =
      fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'PUT') ?? [];
    expect(new URL(String(url)).searchParams.get('company_code')).toBe('C1');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ retry_policy: policy });
  });
});
