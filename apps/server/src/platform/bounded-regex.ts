import vm from 'node:vm';

/** How long matching a list of names may take before the pattern is refused. */
export const REGEX_MATCH_TIME_LIMIT_MS = 250;

/** A pattern that backtracks catastrophically on the names given (e.g. `(a+)+$`). */
export class RegexTimeoutError extends Error {
  constructor(readonly timeLimitMs: number) {
    super(`the pattern took longer than ${timeLimitMs} ms to match`);
    this.name = 'RegexTimeoutError';
  }
}

const script = new vm.Script('names.filter((name) => regex.test(name))');

/**
 * The names a compiled pattern matches, in order. V8 interrupts a running regular expression when a
 * vm time limit passes, so a catastrophic pattern costs at most `timeLimitMs` of this thread instead
 * of hanging the server. The RegExp object must not be global or sticky (no state between names).
 */
export function filterMatching(
  regex: RegExp,
  names: readonly string[],
  timeLimitMs = REGEX_MATCH_TIME_LIMIT_MS,
): string[] {
  const plain = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
  try {
    const matched: unknown = script.runInNewContext(
      { regex: plain, names: [...names] },
      { timeout: timeLimitMs },
    );
    return Array.from(matched as ArrayLike<string>);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new RegexTimeoutError(timeLimitMs);
    throw error;
  }
}
