import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PASSWORD_CHANGE_REQUIRED, SESSION_STORAGE_KEY } from '@lis/contracts';
import { fakeToken, futureExp, jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { LocationProbe, TestProviders } from '../../testing/TestProviders';
import { AppRoutes } from '../../app/routes/AppRoutes';

function signIn(mustChange: boolean) {
  const token = fakeToken({ sub: 'admin', exp: futureExp(), extra: { username: 'admin' } });
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({
      access_token: token,
      user_id: 'admin',
      company_code: '*',
      ...(mustChange ? { must_change_password: true } : {}),
    }),
  );
}

const refused = () =>
  jsonResponse(
    {
      message: 'Your password is a one-time password: change it before you go on',
      code: PASSWORD_CHANGE_REQUIRED,
    },
    403,
  );

/** What the change answers: the older tokens of the user have ended (decision 0026). */
const FRESH_TOKEN = fakeToken({ sub: 'admin', exp: futureExp(), extra: { username: 'admin' }, gen: 2 });

/** A server whose user must change the password until POST change-password succeeds. */
function mockServer(state: { mustChange: boolean }) {
  const ok = <T,>(body: T) => (state.mustChange ? refused() : body);
  return mockFetch({
    'GET /v1/sso-env/get': () => ({ ssO_WEB: '', ssO_REDIRECT_TOKEN: '', portal_url: '' }),
    'POST /v1/auth/change-password': ({ body }) => {
      const { current_password, new_password } = body as Record<string, string>;
      if (current_password !== 'the-one-time-pw')
        return jsonResponse({ message: 'The current password is not correct' }, 403);
      expect(new_password).toBe('my own long password');
      state.mustChange = false;
      return { message: 'Your password has been changed', access_token: FRESH_TOKEN };
    },
    'GET /v1/user': () =>
      ok({
        total_count: 1,
        result_list: [
          {
            id: 'admin',
            first_name: 'LIS',
            last_name: 'Administrator',
            citizen_id: '',
            has_password: true,
            list_company: [{ sid: '555', company_code: '*', role_access: 'super_admin' }],
          },
        ],
      }),
    'GET /v1/version': () => ({ version: '1.2.3', name: 'LIS' }),
    'GET /v1/legacy/report': () => ok({ result_list: [], total_count: 0 }),
  });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the forced password change of a one-time password', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows only the change screen after signing in, then the console once the password is changed', async () => {
    signIn(true);
    const state = { mustChange: true };
    const fetchMock = mockServer(state);
    render(
      <TestProviders route="/legacyreport">
        <AppRoutes />
        <LocationProbe />
      </TestProviders>,
    );
    expect(await screen.findByText('Choose your own password')).toBeTruthy();
    // Nothing behind it is asked for meanwhile.
    expect(
      fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/v1/user')),
    ).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Employee Config' })).toBeNull();

    fill('One-time password', 'the-one-time-pw');
    fill('New password', 'the-one-time-pw');
    fill('Confirm new password', 'the-one-time-pw');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must differ from the current one')).toBeTruthy();

    fill('New password', 'my own long password');
    fill('Confirm new password', 'my own long password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByRole('heading', { name: 'Report Legacy Monitoring' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Choose your own password')).toBeNull();
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.must_change_password).toBeUndefined();
    expect(stored.access_token).toBe(FRESH_TOKEN);
    // What the console asks after the change carries the fresh token.
    const changeAt = fetchMock.mock.calls.findIndex(([input]) => String(input).includes('change-password'));
    const later = fetchMock.mock.calls.slice(changeAt + 1);
    expect(later.length).toBeGreaterThan(0);
    for (const [, init] of later)
      expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${FRESH_TOKEN}`);
  }, 40_000);

  it('switches to the change screen when the server answers PASSWORD_CHANGE_REQUIRED', async () => {
    signIn(false);
    mockServer({ mustChange: true });
    render(
      <TestProviders route="/legacyreport">
        <AppRoutes />
      </TestProviders>,
    );
    expect(await screen.findByText('Choose your own password', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').must_change_password).toBe(true);
  }, 40_000);

  it('is in Thai when the console is', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    signIn(true);
    mockServer({ mustChange: true });
    render(
      <TestProviders route="/legacyreport">
        <AppRoutes />
      </TestProviders>,
    );
    expect(await screen.findByText('ตั้งรหัสผ่านของคุณเอง')).toBeTruthy();
    expect(screen.getByLabelText('รหัสผ่านใช้ครั้งเดียว')).toBeTruthy();
  });
});
