import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '@lis/contracts';
import { AppRoutes } from '../routes/AppRoutes';
import { fakeToken, futureExp, mockFetch } from '../../testing/mock-fetch';
import { LocationProbe, TestProviders } from '../../testing/TestProviders';

function storeSession(extra: Record<string, string>) {
  const token = fakeToken({ sub: 'x', exp: futureExp(), extra });
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ access_token: token, user_id: 'x', company_code: '' }),
  );
}

function renderConsole() {
  return render(
    <TestProviders route="/legacylog">
      <AppRoutes />
      <LocationProbe />
    </TestProviders>,
  );
}

const SSO_OFF = { ssO_WEB: '', ssO_REDIRECT_TOKEN: '', portal_url: '' };
/** The System Log screen behind the route searches on its own; an empty answer keeps its own error dialog out of the way. */
const EMPTY_SYSTEM_LOG = { 'GET /v1/system/log': () => ({ total_count: 0, result_list: [] }) };

/** The dialog that holds `text` (other calls of the console may open dialogs of their own). */
async function dialogWith(text: string) {
  const message = await screen.findByText((_, element) =>
    Boolean(element?.classList.contains('ant-modal-confirm-content') && element.textContent?.includes(text)),
  );
  const dialog = message.closest<HTMLElement>('[role="dialog"]');
  expect(dialog).not.toBeNull();
  return dialog as HTMLElement;
}

describe('user lookup outcomes (spec 000 §5)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells an unknown user so, then signs them out', async () => {
    storeSession({ username: 'ghost' });
    mockFetch({
      'GET /v1/user': () => ({ total_count: 0, result_list: [] }),
      'GET /v1/sso-env/get': () => SSO_OFF,
      ...EMPTY_SYSTEM_LOG,
    });
    renderConsole();
    await dialogWith('This user was not found in the system.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/signin'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('tells when the token names no user', async () => {
    storeSession({ first_name: 'No', last_name: 'Name' });
    mockFetch({ 'GET /v1/sso-env/get': () => SSO_OFF, ...EMPTY_SYSTEM_LOG });
    renderConsole();
    const dialog = await dialogWith('User not found in token.');
    expect(dialog.textContent).toContain('An error occurred');
    expect(dialog.textContent).toContain('User not found in token.');
  });

  it('tells when the server cannot be reached', async () => {
    storeSession({ username: 'somchai' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderConsole();
    // Other calls of the console fail too and may open their own error dialogs: find this one by its text.
    const message = await screen.findByText(
      /^Cannot connect to the server at this time\./,
      {},
      { timeout: 10_000 },
    );
    expect(message.closest('[role="dialog"]')).not.toBeNull();
  }, 20_000);
});
