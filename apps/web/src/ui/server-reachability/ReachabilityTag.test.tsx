import type { ServerReachability } from '@lis/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { setupUser } from '../../testing/user';
import { tableTime } from '../table-dates';
import { ReachabilityTag } from './ReachabilityTag';

const DOWN: ServerReachability = {
  kind: 'sftp',
  company_code: 'ACME',
  server_id: 'SFTP01',
  state: 'UNREACHABLE',
  since: '2026-11-21T02:50:00.000Z',
  checked_at: '2026-11-21T02:55:00.000Z',
  failures: 2,
  last_error: 'Test sFTP failed: cannot connect to 10.0.0.5:22',
};

resetBetweenTests();

describe('ReachabilityTag', () => {
  it('says since when a server is unreachable, and why in its tooltip', async () => {
    const user = setupUser();
    renderScreen(<ReachabilityTag reachability={DOWN} intervalSeconds={300} />);
    const tag = screen.getByTestId('server-reachability');
    expect(tag.textContent).toBe(`Unreachable since ${tableTime(DOWN.since ?? '')}`);
    expect(tag.dataset.state).toBe('UNREACHABLE');
    await user.hover(tag);
    await waitFor(() =>
      expect(screen.getByText('Last error: Test sFTP failed: cannot connect to 10.0.0.5:22')).toBeTruthy(),
    );
    expect(screen.getByText('Failed checks in a row: 2')).toBeTruthy();
    expect(screen.getByText(/every 5 min/)).toBeTruthy();
  });

  it('says reachable, not checked yet, or that the checks are off', () => {
    const up = { ...DOWN, state: 'REACHABLE' as const, failures: 0, last_error: null };
    const { unmount } = renderScreen(<ReachabilityTag reachability={up} intervalSeconds={300} />);
    expect(screen.getByTestId('server-reachability').textContent).toBe('Reachable');
    unmount();
    const unchecked = renderScreen(<ReachabilityTag reachability={undefined} intervalSeconds={300} />);
    expect(screen.getByTestId('server-reachability').textContent).toBe('Not checked yet');
    unchecked.unmount();
    renderScreen(<ReachabilityTag reachability={undefined} intervalSeconds={0} />);
    expect(screen.getByTestId('server-reachability').textContent).toBe('Checks off');
  });

  it('speaks Thai', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    renderScreen(<ReachabilityTag reachability={DOWN} intervalSeconds={300} />);
    expect(screen.getByTestId('server-reachability').textContent).toBe(
      `เชื่อมต่อไม่ได้ตั้งแต่ ${tableTime(DOWN.since ?? '')}`,
    );
  });
});
