import vm from 'node:vm';
import { threadCpuMs, THREAD_CPU_CLOCK_TICK_MS } from './thread-cpu.js';

/** How much of this thread's CPU time matching a list of names may take before the pattern is refused. */
export const REGEX_MATCH_TIME_LIMIT_MS = 250;

/**
 * How long, by the wall clock, a match may keep being retried on a starved thread. On a loaded machine a
 * plain pattern can take longer than the CPU limit by the wall clock while using a fraction of it; it is
 * tried again with a longer wall time until either it answers, or one attempt really used the CPU limit
 * (the pattern is too slow), or this much time has passed (the server is too busy to tell).
 */
export const REGEX_MATCH_WALL_LIMIT_MS = 10_000;

export interface RegexMatchLimits {
  readonly cpuMs: number;
  readonly wallMs: number;
}

const DEFAULT_LIMITS: RegexMatchLimits = {
  cpuMs: REGEX_MATCH_TIME_LIMIT_MS,
  wallMs: REGEX_MATCH_WALL_LIMIT_MS,
};

/** A pattern that backtracks catastrophically on the names given (e.g. `(a+)+$`). */
export class RegexTimeoutError extends Error {
  constructor(readonly timeLimitMs: number) {
    super(`the pattern took longer than ${timeLimitMs} ms to match`);
    this.name = 'RegexTimeoutError';
  }
}

const script = new vm.Script('names.filter((name) => regex.test(name))');

function isScriptTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

function runFilter(regex: RegExp, names: readonly string[], wallMs: number): string[] {
  const matched: unknown = script.runInNewContext(
    { regex, names: [...names] },
    { timeout: Math.max(1, Math.ceil(wallMs)) },
  );
  return Array.from(matched as ArrayLike<string>);
}

/**
 * The names a compiled pattern matches, in order. V8 interrupts a running regular expression when a
 * vm time limit passes, so a catastrophic pattern costs a bounded share of this thread instead of
 * hanging the server. vm's limit is wall-clock time, which a loaded machine stretches: an attempt that
 * was interrupted without having used `limits.cpuMs` of this thread's CPU time was starved, not slow,
 * and is tried again with twice the wall time. The RegExp object must not be global or sticky.
 */
export function filterMatching(
  regex: RegExp,
  names: readonly string[],
  limits: RegexMatchLimits = DEFAULT_LIMITS,
): string[] {
  const plain = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
  const startedAt = performance.now();
  let attemptWallMs = limits.cpuMs;
  for (;;) {
    const cpuBefore = threadCpuMs();
    try {
      return runFilter(plain, names, attemptWallMs);
    } catch (error) {
      if (!isScriptTimeout(error)) throw error;
    }
    const attemptCpuMs = threadCpuMs() - cpuBefore;
    const wallLeftMs = limits.wallMs - (performance.now() - startedAt);
    if (attemptCpuMs + THREAD_CPU_CLOCK_TICK_MS >= limits.cpuMs || wallLeftMs < 1)
      throw new RegexTimeoutError(limits.cpuMs);
    attemptWallMs = Math.min(attemptWallMs * 2, wallLeftMs);
  }
}
