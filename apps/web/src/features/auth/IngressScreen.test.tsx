import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from '@lis/contracts';
import { jsonResponse, mockFetch } from '../../testing/mock-fetch';
import { LocationProbe, TestProviders } from '../../testing/TestProviders';
import { IngressScreen } from './IngressScreen';

const SESSION = { access_token: 'lis.token.value', user_id: 'somchai', company_code: 'A01' };

function renderIngress(route: string) {
  window.history.replaceState(null, '', route);
  return render(
    <TestProviders route={route}>
      <IngressScreen />
      <LocationProbe />
    </TestProviders>,
  );
}

describe('ingress', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it("trades the portal's token, removes it from the address and follows a safe redirect", async () => {
    const fetchMock = mockFetch({ 'POST /v1/auth/portal-exchange': () => SESSION });
    renderIngress('/ingress?token=portal-token&redirect=%2Flegacytask%3Fx%3D1');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/legacytask?x=1'));
    const exchange = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/v1/auth/portal-exchange'),
    );
    expect(JSON.parse(String(exchange?.[1]?.body))).toEqual({ token: 'portal-token' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual(SESSION);
    expect(window.location.search).not.toContain('token');
  });

  it('exchanges the token once under StrictMode', async () => {
    const fetchMock = mockFetch({ 'POST /v1/auth/portal-exchange': () => SESSION });
    window.history.replaceState(null, '', '/ingress?token=once');
    render(
      <StrictMode>
        <TestProviders route="/ingress?token=once">
          <IngressScreen />
          <LocationProbe />
        </TestProviders>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("goes to '/' instead of a foreign redirect", async () => {
    mockFetch({ 'POST /v1/auth/portal-exchange': () => SESSION });
    renderIngress('/ingress?token=t&redirect=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it("shows the server's message and a way to sign in when the exchange fails", async () => {
    mockFetch({
      'POST /v1/auth/portal-exchange': () => jsonResponse({ message: 'The portal token is not valid' }, 401),
    });
    renderIngress('/ingress?token=bad');
    expect(await screen.findByText('The portal token is not valid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      'http://localhost:3000/auth/signin',
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
