import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  claimReload,
  isChunkLoadError,
  loadOrReload,
  PageLoadError,
  type ReloadEnvironment,
} from './lazy-with-reload';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

function environment(storage: ReloadEnvironment['storage'], now = 1_000_000) {
  return { storage, reload: vi.fn(), now: () => now };
}

const CHROMIUM_ERROR = new TypeError(
  'Failed to fetch dynamically imported module: https://lis.example/assets/EmployeeConfigPage-abc.js',
);

/** Whether a promise is still pending after the queued microtasks have run. */
async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('pending');
  const winner = await Promise.race([promise.catch(() => 'settled'), Promise.resolve(pending)]);
  return winner === pending;
}

describe('isChunkLoadError', () => {
  it("recognises the browsers' failed dynamic imports and Vite's failed preloads", () => {
    expect(isChunkLoadError(CHROMIUM_ERROR)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new PageLoadError(CHROMIUM_ERROR))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: 'Failed to fetch dynamically imported module' })).toBe(false);
  });
});

describe('claimReload', () => {
  it('allows one reload and records it', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 5000)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('5000');
  });

  it('refuses another reload within the guard time, allows one after it', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: '5000' });
    expect(claimReload(storage, 5000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('5000');
    expect(claimReload(storage, 5000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it('ignores a garbled or future record', () => {
    expect(claimReload(memoryStorage({ [CHUNK_RELOAD_KEY]: 'x' }), 5000)).toBe(true);
    expect(claimReload(memoryStorage({ [CHUNK_RELOAD_KEY]: '9000' }), 5000)).toBe(true);
  });

  it('never reloads when the attempt cannot be recorded (no loop)', () => {
    expect(claimReload(undefined, 5000)).toBe(false);
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('QuotaExceededError');
      },
    };
    expect(claimReload(throwing, 5000)).toBe(false);
    const forgetful = { getItem: () => null, setItem: () => {} };
    expect(claimReload(forgetful, 5000)).toBe(false);
  });
});

describe('loadOrReload', () => {
  it('answers the module when it loads', async () => {
    const env = environment(memoryStorage());
    await expect(loadOrReload(() => Promise.resolve({ default: 'page' }), env)).resolves.toEqual({
      default: 'page',
    });
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads once on a missing chunk and stays pending while the page goes', async () => {
    const storage = memoryStorage();
    const env = environment(storage);
    const loading = loadOrReload(() => Promise.reject(CHROMIUM_ERROR), env);
    expect(await isPending(loading)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('fails with a PageLoadError when the chunk is still missing after the reload', async () => {
    const env = environment(memoryStorage({ [CHUNK_RELOAD_KEY]: String(1_000_000 - 2000) }));
    const loading = loadOrReload(() => Promise.reject(CHROMIUM_ERROR), env);
    await expect(loading).rejects.toBeInstanceOf(PageLoadError);
    await expect(loading).rejects.toMatchObject({ cause: CHROMIUM_ERROR });
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('passes any other error through without reloading', async () => {
    const env = environment(memoryStorage());
    const failure = new Error('the module threw while evaluating');
    await expect(loadOrReload(() => Promise.reject(failure), env)).rejects.toBe(failure);
    expect(env.reload).not.toHaveBeenCalled();
  });
});
