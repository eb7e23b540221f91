import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '@lis/contracts';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { LocationProbe, TestProviders } from '../../testing/TestProviders';
import { SignInScreen } from './SignInScreen';

const SESSION = { access_token: 'header.payload.signature', user_id: 'somchai', company_code: 'A01' };

function renderSignIn(route = '/auth/signin') {
  return render(
    <TestProviders route={route}>
      <SignInScreen />
      <LocationProbe />
    </TestProviders>,
  );
}

function mockSignIn(answer: () => Response = () => jsonResponse(SESSION), ssoWeb = '') {
  return mockFetch({
    'GET /v1/sso-env/get': () => ({
      ssO_WEB: ssoWeb,
      ssO_REDIRECT_TOKEN: ssoWeb ? '&rt=LIS' : '',
      portal_url: '',
    }),
    'POST /v1/auth/login': answer,
  });
}

describe('sign-in page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('warns when Username and Password are empty, without calling the server', async () => {
    const fetchMock = mockSignIn();
    renderSignIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Check information');
    expect(dialog.textContent).toContain('Please fill in Username and Password.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the warning in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    mockSignIn();
    renderSignIn();
    await userEvent.click(await screen.findByRole('button', { name: 'เข้าสู่ระบบ' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('ตรวจสอบข้อมูล');
    expect(dialog.textContent).toContain('กรุณากรอก Username และ Password');
  });

  it('posts the credentials, stores the session and goes back to the origin', async () => {
    const fetchMock = mockSignIn();
    renderSignIn('/auth/signin?from=%2Flegacylog');
    await userEvent.type(await screen.findByLabelText('Username'), 'somchai');
    await userEvent.type(screen.getByLabelText('Password'), 'a long secret phrase');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/legacylog'));
    const login = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/v1/auth/login'));
    expect(login?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      username: 'somchai',
      password: 'a long secret phrase',
    });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual(SESSION);
  });

  it('says Not successful on wrong credentials', async () => {
    mockSignIn(() =>
      jsonResponse({ message: 'wrong user name or password', code: 'CREDENTIALS_INVALID' }, 401),
    );
    renderSignIn();
    await userEvent.type(await screen.findByLabelText('Username'), 'somchai');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Not successful');
    expect(dialog.textContent).toContain('Please check your Username, Password.');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's message when throttled", async () => {
    mockSignIn(() =>
      jsonResponse({ message: 'Too many attempts, try again in 60 seconds', code: 'SIGN_IN_THROTTLED' }, 429),
    );
    renderSignIn();
    await userEvent.type(await screen.findByLabelText('Username'), 'somchai');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Too many attempts, try again in 60 seconds');
  });

  it("shows the server's message, as Not successful, when the user's company is inactive", async () => {
    const refusal = 'Your company is inactive: you cannot sign in until an administrator activates it';
    mockSignIn(() => jsonResponse({ message: refusal, code: 'COMPANY_INACTIVE' }, 403));
    renderSignIn();
    await userEvent.type(await screen.findByLabelText('Username'), 'somchai');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(refusal);
    expect(dialog.textContent).toContain('Not successful');
  });

  it('embeds the sign-on page when single sign-on is configured, with a way to the form', async () => {
    mockSignIn(undefined, 'https://portal.example/sso?return=');
    renderSignIn();
    const frame = await screen.findByTitle('Portal sign-in');
    expect(frame.getAttribute('src')).toBe(
      `https://portal.example/sso?return=${encodeURIComponent('http://localhost:3000/ingress')}&rt=LIS`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a LIS account instead' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });
});
