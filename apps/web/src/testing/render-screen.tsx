import { cleanup, render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { CurrentUserContext, type CurrentUser } from '../platform/auth/current-user-context';
import { ADMIN } from './test-users';
import { TestProviders } from './TestProviders';

interface ScreenOptions {
  /** The router's first location. */
  route?: string;
  /** The signed-in user (an admin of every company by default). */
  user?: CurrentUser;
}

/** A screen inside the console's providers, signed in as `user`. */
export function renderScreen(ui: ReactElement, { route, user = ADMIN }: ScreenOptions = {}) {
  return render(
    <TestProviders route={route}>
      {/* Without motion a closed modal leaves the DOM at once (jsdom never ends a CSS transition). */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CurrentUserContext.Provider value={user}>{ui}</CurrentUserContext.Provider>
      </ConfigProvider>
    </TestProviders>,
  );
}

/** Every test starts with an empty localStorage (the language, the session) and the real fetch. */
export function resetBetweenTests() {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Picks the option titled `title` of the combobox named `name` inside `container` (a form). */
export async function chooseOption(user: UserEvent, container: HTMLElement, name: string, title: string) {
  await user.click(within(container).getByRole('combobox', { name }));
  await user.click(await screen.findByTitle(title));
}
