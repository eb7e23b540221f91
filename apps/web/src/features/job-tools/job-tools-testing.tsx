import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import type { mockFetch } from '../../testing/mock-fetch';
import { TestProviders } from '../../testing/TestProviders';

/** Test-only: renders `ui` inside the console's providers, with antd's motion off. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <TestProviders>
      <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
    </TestProviders>,
  );
}

export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
}

/** Test-only: the requests a `mockFetch` mock received for `METHOD path`. */
export function callsTo(
  fetchMock: ReturnType<typeof mockFetch>,
  method: string,
  path: string,
): RecordedCall[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      method: (init?.method ?? 'GET').toUpperCase(),
      url: new URL(input instanceof Request ? input.url : String(input)),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
    .filter((call) => call.method === method && call.url.pathname === path);
}

/** Test-only: the open antd dialog whose title is `title`. */
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  const matches = await screen.findAllByText(title);
  const dialog = matches.at(-1)?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${String(title)}`);
  return dialog;
}
