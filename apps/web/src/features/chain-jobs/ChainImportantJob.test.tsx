import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../testing/find-dialog';
import { buildChain, fakeChainServer, renderChainJobScreen } from './chain-job-test-server';

const table = () => screen.getByTestId('chain-job-table');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Issue 17 point 6: the chain dialog's ImportantJob box is saved and shown in the list. */
describe('Chain Job Config ImportantJob', { timeout: 30_000 }, () => {
  it('the list marks the important chains; the box edits it and is sent as true/false', async () => {
    const api = fakeChainServer([
      buildChain('NIGHT', { importantJob: 'true' }),
      buildChain('WEEK', { importantJob: 'false' }),
    ]);
    const user = userEvent.setup();
    renderChainJobScreen();
    await within(table()).findByText('NIGHT');
    expect(screen.getByTestId('chain-job-important-A-NIGHT').textContent).toBe('Important');
    expect(screen.queryByTestId('chain-job-important-A-WEEK')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit A NIGHT' }));
    const dialog = await findDialog('Edit Chain Job Config: NIGHT');
    const box = within(dialog).getByRole('checkbox', { name: 'ImportantJob' });
    expect(box).toHaveProperty('checked', true);
    await user.click(box);
    expect(box).toHaveProperty('checked', false);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findDialog('Success');
    expect(api.calls('PUT', '/v1/chainjob/update').at(-1)!.body).toMatchObject({
      ChainId: 'NIGHT',
      ImportantJob: 'false',
    });
    await vi.waitFor(() => expect(screen.queryByTestId('chain-job-important-A-NIGHT')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit A WEEK' }));
    const week = await findDialog('Edit Chain Job Config: WEEK');
    await user.click(within(week).getByRole('checkbox', { name: 'ImportantJob' }));
    await user.click(within(week).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.calls('PUT', '/v1/chainjob/update').at(-1)!.body).toMatchObject({
        ChainId: 'WEEK',
        ImportantJob: 'true',
      }),
    );
  });

  it('labels the box and the mark in Thai', async () => {
    localStorage.setItem('LIS_LANGUAGE', 'th');
    fakeChainServer([buildChain('NIGHT', { importantJob: 'true' })]);
    const user = userEvent.setup();
    renderChainJobScreen();
    await within(table()).findByText('NIGHT');
    expect(screen.getByTestId('chain-job-important-A-NIGHT').textContent).toBe('สำคัญ');
    await user.click(screen.getByRole('button', { name: /เพิ่มการตั้งค่า Chain Job/ }));
    const dialog = await findDialog('เพิ่มการตั้งค่า Chain Job');
    expect(within(dialog).getByRole('checkbox', { name: 'งานสำคัญ (ImportantJob)' })).toHaveProperty(
      'checked',
      false,
    );
  });
});
