import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StepUpMode } from '@lis/contracts';
import { findDialog } from '../../testing/find-dialog';
import { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { ActionPasswordModal } from './ActionPasswordModal';
import { SettingsScreen } from './SettingsScreen';

/** A server keeping the step-up mode: PUT sets the action password, DELETE clears it. */
function mockServer(initial: StepUpMode) {
  const state = { mode: initial, saved: [] as string[] };
  const fetchMock = mockFetch({
    'GET /v1/settings/action-password': () => ({
      is_set: state.mode === 'action_password',
      step_up: state.mode,
    }),
    'PUT /v1/settings/action-password': ({ body }) => {
      state.saved.push((body as { password: string }).password);
      state.mode = 'action_password';
      return { message: 'The action password was saved' };
    },
    'DELETE /v1/settings/action-password': () => {
      state.mode = 'own_password';
      return { message: 'The action password was cleared' };
    },
  });
  return { state, fetchMock };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the Settings screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sets, then clears, the separate action password', async () => {
    const { state } = mockServer('own_password');
    render(
      <TestProviders>
        <SettingsScreen />
      </TestProviders>,
    );
    expect(await screen.findByText('Now: each user confirms with their own password.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();

    fill('Action password', 'short');
    fill('Confirm the action password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Set action password' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeTruthy();
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    expect(state.saved).toEqual([]);

    // The rule of user passwords: eight digits are not enough.
    fill('Action password', '12345678');
    fill('Confirm the action password', '12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Set action password' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeTruthy();
    expect(state.saved).toEqual([]);

    fill('Action password', 'Operator-Pass-42');
    fill('Confirm the action password', 'Operator-Pass-42');
    fireEvent.click(screen.getByRole('button', { name: 'Set action password' }));
    expect(await screen.findByText(/a separate action password is set/)).toBeTruthy();
    expect(state.saved).toEqual(['Operator-Pass-42']);
    expect(screen.getByRole('button', { name: 'Change action password' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear: use each user’s own password' }));
    const confirm = await findDialog('Clear the action password?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clear: use each user’s own password' }));
    expect(await screen.findByText('Now: each user confirms with their own password.')).toBeTruthy();
    expect(state.mode).toBe('own_password');
  }, 30_000);

  it('is in Thai when the console is', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    mockServer('action_password');
    render(
      <TestProviders>
        <SettingsScreen />
      </TestProviders>,
    );
    expect(await screen.findByText('ตั้งค่าระบบ')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'เปลี่ยนรหัสผ่านสำหรับสั่งงาน' })).toBeTruthy();
  });
});

describe('the password prompt of protected actions', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const prompt = () => (
    <TestProviders>
      <ActionPasswordModal
        open
        submitting={false}
        error={undefined}
        onSubmit={() => undefined}
        onCancel={() => undefined}
      />
    </TestProviders>
  );

  it('asks for "your password" when no action password is set', async () => {
    mockServer('own_password');
    render(prompt());
    const dialog = await findDialog('Protected action: enter your password');
    expect(within(dialog).getByLabelText('Your password')).toBeTruthy();
  });

  it('asks for the action password once a super_admin set one', async () => {
    mockServer('action_password');
    render(prompt());
    const dialog = await findDialog('Important job: enter the action password');
    await waitFor(() =>
      expect(within(dialog).getByText(/action password your super_admin gave you/)).toBeTruthy(),
    );
    expect(within(dialog).getByLabelText('Action password')).toBeTruthy();
  });
});
