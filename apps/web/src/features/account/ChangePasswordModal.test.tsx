import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from '@lis/contracts';
import { fakeToken, futureExp, jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { ChangePasswordModal } from './ChangePasswordModal';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ChangePasswordModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('checks length and confirmation before posting, then posts the two passwords and keeps the fresh token', async () => {
    const session = { access_token: 'the-old-token', user_id: 'changer', company_code: 'A' };
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    // The change ends every older token of the user; the server answers a fresh one (decision 0026).
    const fresh = fakeToken({ sub: 'changer', exp: futureExp() });
    const fetchMock = mockFetch({
      'POST /v1/auth/change-password': () => ({ message: 'ok', access_token: fresh }),
    });
    const onClose = vi.fn();
    render(
      <TestProviders>
        <ChangePasswordModal open onClose={onClose} />
      </TestProviders>,
    );
    fill('Current password', 'the old password');
    fill('New password', 'short');
    fill('Confirm new password', 'different');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeTruthy();
    expect(await screen.findByText('The two new passwords differ')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fill('New password', 'a much longer password');
    fill('Confirm new password', 'a much longer password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      current_password: 'the old password',
      new_password: 'a much longer password',
    });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual({
      ...session,
      access_token: fresh,
    });
  });

  it("shows the server's message when the current password is wrong", async () => {
    mockFetch({
      'POST /v1/auth/change-password': () =>
        jsonResponse({ message: 'The current password is not correct' }, 403),
    });
    const onClose = vi.fn();
    render(
      <TestProviders>
        <ChangePasswordModal open onClose={onClose} />
      </TestProviders>,
    );
    fill('Current password', 'wrong');
    fill('New password', 'a much longer password');
    fill('Confirm new password', 'a much longer password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
