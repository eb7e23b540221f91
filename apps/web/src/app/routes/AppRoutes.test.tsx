import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '@lis/contracts';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { fakeToken, futureExp, mockFetch } from '../../testing/mock-fetch';
import { LocationProbe, TestProviders } from '../../testing/TestProviders';
import { AppRoutes } from './AppRoutes';

const SSO_OFF = { ssO_WEB: '', ssO_REDIRECT_TOKEN: '', portal_url: '' };

function signIn(exp = futureExp()) {
  const token = fakeToken({
    sub: 'somchai',
    exp,
    extra: { username: 'somchai', first_name: 'Somchai', last_name: 'Jaidee' },
  });
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ access_token: token, user_id: 'somchai', company_code: 'A01' }),
  );
}

function mockServer(role = 'admin') {
  return mockFetch({
    'GET /v1/sso-env/get': () => SSO_OFF,
    'GET /v1/user': () => ({
      total_count: 1,
      result_list: [
        {
          id: 'somchai',
          first_name: 'Somchai',
          last_name: 'Jaidee',
          citizen_id: '',
          has_password: true,
          list_company: [{ sid: '555', company_code: 'A01', role_access: role }],
        },
      ],
    }),
    'GET /v1/version': () => ({ version: '1.2.3', name: 'lis-server' }),
    'GET /v1/workflow/ping-settings': () => ({
      workflow_ping_api_url: 'v1/ping',
      workflow_ping_sid: '555',
      workflow_ping_company_code: 'A01',
      workflow_ping_web_id: 'lis',
      workflow_ping_ip_address: '',
      workflow_ping_module: 'console',
      workflow_ping_interval: 0,
    }),
    'POST /v1/ping': () => ({ server_time: new Date().toISOString() }),
    'GET /v1/legacy/report': () => ({ result_list: [], total_count: 0 }),
  });
}

describe('route table', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it(
    'says "Page not found" for an unknown path, inside the layout, with a link home',
    { timeout: 20_000 },
    async () => {
      signIn();
      mockServer('user');
      const user = userEvent.setup();
      render(
        <TestProviders route="/no-such-screen">
          <AppRoutes />
          <LocationProbe />
        </TestProviders>,
      );
      expect(await screen.findByText('Page not found')).toBeTruthy();
      expect(screen.getByText('The console has no page at /no-such-screen.')).toBeTruthy();
      expect(await screen.findByRole('menu', { name: 'Main navigation' })).toBeTruthy();
      await user.click(screen.getByRole('link', { name: 'Go to Report Legacy Monitoring' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/legacyreport'));
    },
  );

  it('says it in Thai', { timeout: 20_000 }, async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    signIn();
    mockServer('user');
    render(
      <TestProviders route="/legacyreport/extra">
        <AppRoutes />
      </TestProviders>,
    );
    expect(await screen.findByText('ไม่พบหน้านี้')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ไปที่รายงานติดตามงาน Legacy' })).toBeTruthy();
  });

  it('sends a visitor without a session from an unknown path to sign in', async () => {
    mockServer();
    render(
      <TestProviders route="/no-such-screen">
        <AppRoutes />
        <LocationProbe />
      </TestProviders>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/auth/signin?from=%2Fno-such-screen'),
    );
  });

  it('sends a visitor without a session to sign in, remembering the origin', async () => {
    mockServer();
    render(
      <TestProviders route="/legacytask?x=1">
        <AppRoutes />
        <LocationProbe />
      </TestProviders>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/auth/signin?from=%2Flegacytask%3Fx%3D1'),
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('treats an expired token like no session when no portal is configured', async () => {
    signIn(futureExp(-60));
    mockServer();
    render(
      <TestProviders route="/legacylog">
        <AppRoutes />
        <LocationProbe />
      </TestProviders>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/auth/signin?from=%2Flegacylog'),
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it(
    "redirects '/' to the monitoring report inside the layout, with the role's menu",
    { timeout: 20_000 },
    async () => {
      signIn();
      const narrowMatchMedia = window.matchMedia;
      vi.stubGlobal('matchMedia', (query: string) => ({ ...narrowMatchMedia(query), matches: true }));
      const fetchMock = mockServer('admin');
      render(
        <TestProviders route="/">
          <AppRoutes />
          <LocationProbe />
        </TestProviders>,
      );
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/legacyreport'));
      expect(await screen.findByRole('heading', { name: 'Report Legacy Monitoring' })).toBeTruthy();
      expect(await screen.findByRole('link', { name: 'Job Config' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Employee Config' })).toBeNull();
      expect(await screen.findByTitle('Signed in as Somchai Jaidee')).toBeTruthy();
      expect(await screen.findByText('Server 1.2.3')).toBeTruthy();
      const lookup = fetchMock.mock.calls
        .map(([input]) => String(input))
        .find((url) => url.includes('/v1/user'));
      expect(lookup).toContain('id=somchai');
      expect(lookup).toContain('role_access=admin');
    },
  );

  it('refuses a super_admin screen to an admin', async () => {
    signIn();
    mockServer('admin');
    render(
      <TestProviders route="/employee">
        <AppRoutes />
      </TestProviders>,
    );
    expect(await screen.findByText('No access')).toBeTruthy();
  });
});
