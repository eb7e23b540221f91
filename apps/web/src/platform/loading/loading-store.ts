/**
 * The global loading flag (spec 000 §2): while any task holds it, a full-screen overlay with a spinner
 * is shown. A counter, so that overlapping tasks do not hide the overlay early.
 */
type Listener = () => void;

let pendingTasks = 0;
const listeners = new Set<Listener>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** Sets the flag; call the returned function (once) when the task is done. */
export function beginLoading(): () => void {
  pendingTasks += 1;
  notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pendingTasks -= 1;
    notify();
  };
}

/** Holds the flag while the promise is pending. */
export async function withLoading<T>(task: Promise<T>): Promise<T> {
  const release = beginLoading();
  try {
    return await task;
  } finally {
    release();
  }
}

export function subscribeLoading(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isLoading(): boolean {
  return pendingTasks > 0;
}
