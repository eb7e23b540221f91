/** The first reconnect waits about this long; each failed try doubles it, up to RECONNECT_MAX_MS. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * The wait before reconnect try `attempt` (0 first): exponential, capped, with jitter (between half and
 * all of it) so that the nodes of a cluster do not all reconnect in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
