/** The time source, injected so tests control time. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
