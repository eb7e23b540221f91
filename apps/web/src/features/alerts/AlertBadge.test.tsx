import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../testing/fake-api';
import { jsonResponse } from '../../testing/mock-fetch';
import { renderScreen, resetBetweenTests } from '../../testing/render-screen';
import { setupUser } from '../../testing/user';
import { AlertBadge } from './AlertBadge';

function renderHeader() {
  renderScreen(
    <Routes>
      <Route path="/legacyreport" element={<AlertBadge />} />
      <Route path="/alerts" element={<p>The Alerts screen</p>} />
    </Routes>,
    { route: '/legacyreport' },
  );
}

describe('the header’s alert badge (issue 35)', { timeout: 30_000 }, () => {
  resetBetweenTests();

  it('shows the open count and opens the Alerts screen', async () => {
    const user = setupUser();
    const api = fakeApi({
      'GET /v1/alerts/summary': () => ({ open: 3, by_condition: { MISSING: 2, RUN_ERROR: 1 } }),
    });
    renderHeader();
    const badge = await screen.findByTestId('alert-badge');
    expect(badge.getAttribute('aria-label')).toBe('Alerts: 3 open');
    expect(badge.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3');
    expect(api.calls('GET', '/v1/alerts/summary')).toHaveLength(1);
    await user.click(badge);
    expect(await screen.findByText('The Alerts screen')).toBeTruthy();
  });

  it('shows the bell without a count when nothing is open', async () => {
    fakeApi({ 'GET /v1/alerts/summary': () => ({ open: 0, by_condition: {} }) });
    renderHeader();
    const badge = await screen.findByTestId('alert-badge');
    expect(badge.getAttribute('aria-label')).toBe('Alerts: none open');
    expect(badge.querySelector('.ant-badge-count')).toBeNull();
  });

  it('stays silent when the server has no alerts yet (404): no badge, no error', async () => {
    const api = fakeApi({
      'GET /v1/alerts/summary': () =>
        jsonResponse({ message: 'Route GET:/v1/alerts/summary not found' }, 404),
    });
    renderHeader();
    await waitFor(() => expect(api.calls('GET', '/v1/alerts/summary')).toHaveLength(1));
    expect(screen.queryByTestId('alert-badge')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
