import { lazy, type LazyExoticComponent } from 'react';

/**
 * After a new build the hashed chunks of the previous one are gone: a tab still running the old
 * index.html fails to load a page ("Failed to fetch dynamically imported module"). Reloading once
 * fetches the new index.html and its chunks; if the page still cannot be loaded, a PageLoadError goes
 * to the error boundary (PageErrorBoundary), which shows a full-page message with a Reload button.
 */

/** When the console last reloaded itself for a missing chunk (epoch ms), in sessionStorage. */
export const CHUNK_RELOAD_KEY = 'LIS_CHUNK_RELOAD_AT';
/** Within this time of the last automatic reload, another failure is shown instead: no reload loop. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** A page's code that could not be loaded, even after a reload. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PageLoadError';
  }
}

/**
 * The errors of a missing or unreachable chunk: Chromium's, Firefox's and Safari's messages for a failed
 * `import()`, and Vite's for a failed preload of a chunk's CSS or dependencies.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof PageLoadError) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/** What recovering needs from the browser, replaceable in tests. */
export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  reload: () => void;
  now: () => number;
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // Blocked (some privacy settings throw on access).
  }
}

export const browserReloadEnvironment: ReloadEnvironment = {
  get storage() {
    return sessionStorageOrUndefined();
  },
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

/**
 * Whether to reload now, recording the attempt: yes unless the console already reloaded itself within
 * the guard time. Without a working sessionStorage the attempt cannot be recorded, so no reload (a
 * reload that cannot be remembered could repeat forever).
 */
export function claimReload(
  storage: ReloadEnvironment['storage'],
  now: number,
  guardMs = CHUNK_RELOAD_GUARD_MS,
): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < guardMs) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
    return storage.getItem(CHUNK_RELOAD_KEY) === String(now);
  } catch {
    return false;
  }
}

/**
 * Loads a module; on a chunk error reloads the page once (and never settles, the page being replaced),
 * or, already reloaded, fails with a PageLoadError. Other errors pass through unchanged.
 */
export async function loadOrReload<M>(
  load: () => Promise<M>,
  environment: ReloadEnvironment = browserReloadEnvironment,
): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    if (claimReload(environment.storage, environment.now())) {
      environment.reload();
      return new Promise<M>(() => {}); // The Suspense fallback stays until the page reloads.
    }
    throw new PageLoadError(error);
  }
}

/** Whatever component `React.lazy` accepts (its `ComponentType<any>`). */
type LazyComponent = Parameters<typeof lazy>[0] extends () => PromiseLike<{ default: infer C }> ? C : never;

/** `React.lazy` that recovers from a missing chunk (see above); same call as `lazy`. */
export function lazyWithReload<T extends LazyComponent>(
  load: () => Promise<{ default: T }>,
  environment: ReloadEnvironment = browserReloadEnvironment,
): LazyExoticComponent<T> {
  return lazy(() => loadOrReload(load, environment));
}
