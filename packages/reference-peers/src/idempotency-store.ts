import type { CallAnswer } from './function-contract.js';

/**
 * The answers the reference function server remembers per idempotency key (docs/function-server.md,
 * "Idempotency"): a repeat of a key whose function completed gets the first answer, a repeat while it
 * still runs is refused (409), a repeat after the function failed runs it again. Bounded: at most
 * `maxEntries` keys and `maxBytes` of remembered answers (oldest use evicted first), each kept `ttlMs`.
 * Keys whose function is running are never evicted (they are as many as the calls in flight).
 */

export interface IdempotencyOptions {
  /** How long an answer is remembered (default 24 h). */
  readonly ttlMs?: number;
  /** How many keys are remembered at most (default 10,000). */
  readonly maxEntries?: number;
  /** How many bytes of answers (as JSON) are remembered at most (default 256 MB). */
  readonly maxBytes?: number;
}

/** What the server knows of one key: for tests and the curious. */
export interface IdempotencyRecord {
  /** `running`: the first call still executes; `answered`: its answer is remembered; `failed`: it did not complete. */
  readonly state: 'running' | 'answered' | 'failed';
  /** How many times the function was executed for this key. */
  readonly executions: number;
  /** How many repeats got the remembered answer. */
  readonly replays: number;
  /** How many repeats were refused because the first call was still executing. */
  readonly conflicts: number;
}

interface Entry {
  state: IdempotencyRecord['state'];
  executions: number;
  replays: number;
  conflicts: number;
  answer?: string;
  bytes: number;
  expiresAt: number;
}

export type Claim =
  | { kind: 'execute'; done(answer: CallAnswer): void; failed(): void }
  | { kind: 'replay'; answer: string }
  | { kind: 'conflict' };

export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const DEFAULT_MAX_ENTRIES = 10_000;
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;

  constructor(
    options: IdempotencyOptions,
    private readonly now: () => number,
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  /** The first call of a key executes; a repeat replays, conflicts or (after a failure) executes again. */
  claim(key: string): Claim {
    const entry = this.live(key);
    if (entry?.state === 'running') {
      entry.conflicts += 1;
      return { kind: 'conflict' };
    }
    if (entry?.state === 'answered' && entry.answer !== undefined) {
      entry.replays += 1;
      this.touch(key, entry);
      return { kind: 'replay', answer: entry.answer };
    }
    const running: Entry = {
      state: 'running',
      executions: (entry?.executions ?? 0) + 1,
      replays: entry?.replays ?? 0,
      conflicts: entry?.conflicts ?? 0,
      bytes: 0,
      expiresAt: Number.POSITIVE_INFINITY,
    };
    this.entries.delete(key);
    this.entries.set(key, running);
    this.evict();
    return {
      kind: 'execute',
      done: (answer) => {
        const text = JSON.stringify(answer);
        const bytes = Buffer.byteLength(text);
        running.expiresAt = this.now() + this.ttlMs;
        // An answer larger than the whole budget cannot be remembered: a repeat runs the function again.
        if (bytes > this.maxBytes) {
          running.state = 'failed';
          return;
        }
        running.state = 'answered';
        running.answer = text;
        running.bytes = bytes;
        this.bytes += bytes;
        this.evict();
      },
      failed: () => {
        running.state = 'failed';
        running.expiresAt = this.now() + this.ttlMs;
      },
    };
  }

  /** What is known of `key` (undefined when never seen, expired or evicted). */
  record(key: string): IdempotencyRecord | undefined {
    const entry = this.live(key);
    if (!entry) return undefined;
    const { state, executions, replays, conflicts } = entry;
    return { state, executions, replays, conflicts };
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.state !== 'running' && entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry;
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops the least recently used keys while over a limit (never a running one; expired ones go on access). */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      if (entry.state !== 'running') this.remove(key, entry);
    }
  }
}
