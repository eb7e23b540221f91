import { act, cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntDesignProvider } from './AntDesignProvider';
import { I18nProvider } from '../platform/i18n/I18nProvider';

/** The system's `prefers-reduced-motion`, switchable while the console runs. */
function systemMotionPreference(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && state.reduce;
        },
        media: query,
        onchange: null,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      state.reduce = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <output data-testid="motion">{String(token.motion)}</output>;
}

const renderConsole = () =>
  render(
    <I18nProvider>
      <AntDesignProvider>
        <MotionProbe />
      </AntDesignProvider>
    </I18nProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AntDesignProvider motion', () => {
  it('turns Ant Design motion off when the system asks for reduced motion', () => {
    systemMotionPreference(true);
    renderConsole();
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });

  it('keeps motion otherwise, and follows a change of the preference while open', () => {
    const preference = systemMotionPreference(false);
    renderConsole();
    expect(screen.getByTestId('motion').textContent).toBe('true');
    preference.set(true);
    expect(screen.getByTestId('motion').textContent).toBe('false');
    preference.set(false);
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
