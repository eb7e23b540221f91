import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';
import { DemoNotice } from './DemoNotice';

function renderNotice() {
  render(
    <TestProviders>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <DemoNotice />
      </ConfigProvider>
    </TestProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the demo notice', { timeout: 30_000 }, () => {
  it('shows nothing without a demo', async () => {
    const fetchMock = mockFetch({ 'GET /v1/demo': () => ({ present: false, running: false }) });
    renderNotice();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('demo-notice')).toBeNull();
  });

  it("shows the demo sFTP server's address and credentials when the server gives them (its admins)", async () => {
    mockFetch({
      'GET /v1/demo': () => ({
        present: true,
        running: true,
        sftp: { host: '127.0.0.1', port: 40217, username: 'demo', password: 'pw-from-peers-json' },
      }),
    });
    renderNotice();
    const access = await screen.findByTestId('demo-sftp-access');
    expect(access.textContent).toContain('sftp://127.0.0.1:40217');
    expect(access.textContent).toContain('demo');
    expect(access.textContent).toContain('pw-from-peers-json');
  });

  it('shows no credentials when the server gives none (a plain user)', async () => {
    mockFetch({ 'GET /v1/demo': () => ({ present: true, running: true }) });
    renderNotice();
    await screen.findByTestId('demo-notice');
    expect(screen.queryByTestId('demo-sftp-access')).toBeNull();
  });

  it('removes the demo only after the confirmation, and says what was removed', async () => {
    let present = true;
    const removals: string[] = [];
    mockFetch({
      'GET /v1/demo': () => ({ present, running: present }),
      'DELETE /v1/demo': () => {
        removals.push('DELETE');
        present = false;
        return { message: 'The demo was removed: 12 run(s)', runs: 12, jobs: 11, users: ['demo-admin'] };
      },
    });
    renderNotice();
    const remove = await screen.findByRole('button', { name: /Remove demo/ });
    await userEvent.click(remove);
    await screen.findAllByText('Remove the demo?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(removals).toEqual([]);

    await userEvent.click(remove);
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    await userEvent.click(dialog.querySelector('.ant-btn-dangerous') as HTMLElement);
    await screen.findByText('The demo was removed: 12 run(s)');
    expect(removals).toEqual(['DELETE']);
    await waitFor(() => expect(screen.queryByTestId('demo-notice')).toBeNull());
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'GET /v1/demo': () => ({ present: true, running: true }),
      'DELETE /v1/demo': () => jsonResponse({ message: 'Forbidden: super_admin only' }, 403),
    });
    renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: /Remove demo/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialog.querySelector('.ant-btn-dangerous') as HTMLElement);
    expect(await screen.findByText('Forbidden: super_admin only')).toBeTruthy();
    expect(screen.getByTestId('demo-notice')).toBeTruthy();
  });
});
