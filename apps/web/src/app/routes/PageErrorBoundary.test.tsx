import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n/language';
import { TestProviders } from '../../testing/TestProviders';
import { CHUNK_RELOAD_KEY, lazyWithReload } from './lazy-with-reload';
import { PageErrorBoundary } from './PageErrorBoundary';

const MISSING_CHUNK = new TypeError('Failed to fetch dynamically imported module: /assets/Page-old.js');

/** A lazy page whose chunk is gone, the console having already reloaded itself once. */
function missingPage() {
  const storage = { getItem: () => String(Date.now()), setItem: vi.fn() };
  const reload = vi.fn();
  const Page = lazyWithReload(() => Promise.reject<{ default: () => null }>(MISSING_CHUNK), {
    storage,
    reload,
    now: () => Date.now(),
  });
  return { Page, reload };
}

function Crash(): never {
  throw new Error('boom');
}

describe('PageErrorBoundary', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a full-page error with Reload instead of a blank page when a page cannot be loaded', async () => {
    const { Page, reload } = missingPage();
    const onReload = vi.fn();
    render(
      <TestProviders>
        <PageErrorBoundary onReload={onReload}>
          <Suspense fallback="loading">
            <Page />
          </Suspense>
        </PageErrorBoundary>
      </TestProviders>,
    );
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled(); // Already reloaded once: no loop.
    await userEvent.click(screen.getByRole('button', { name: /Reload/ }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('says it in Thai', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const { Page } = missingPage();
    render(
      <TestProviders>
        <PageErrorBoundary>
          <Suspense fallback="loading">
            <Page />
          </Suspense>
        </PageErrorBoundary>
      </TestProviders>,
    );
    expect(await screen.findByText('ไม่สามารถโหลดหน้านี้ได้')).toBeTruthy();
    expect(screen.getByRole('button', { name: /โหลดหน้าใหม่/ })).toBeTruthy();
  });

  it('also catches any other crash of a page', async () => {
    render(
      <TestProviders>
        <PageErrorBoundary>
          <Crash />
        </PageErrorBoundary>
      </TestProviders>,
    );
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});
