/**
 * One timer for the earliest run fired ahead that this worker knows of (issue 19): a claim that
 * finds such a run answers when it falls due, and the worker claims again then — on every node,
 * without a notification at that instant. A later time never replaces an earlier one.
 */
export class DueWake {
  private timer: NodeJS.Timeout | undefined;
  private at = Number.POSITIVE_INFINITY;

  constructor(private readonly wake: () => void) {}

  /**
   * Wake in `inMs` (measured on the database's clock when the claim read it, so the timer,
   * started after the answer came back, ends no earlier than the run is due), plus 1 ms: a timer
   * may end up to a millisecond early and the clock counts whole milliseconds.
   */
  after(inMs: number): void {
    const at = Date.now() + Math.max(0, inMs) + 1;
    if (this.timer !== undefined && at >= this.at) return;
    this.clear();
    this.at = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.at = Number.POSITIVE_INFINITY;
      this.wake();
    }, at - Date.now());
    this.timer.unref();
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.at = Number.POSITIVE_INFINITY;
  }
}
