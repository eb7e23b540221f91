/** Samples this process's resident set size every few ms; `stop()` returns the peak in MiB. */
export function sampleRss(everyMs = 20): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return Math.round((peak / 2 ** 20) * 10) / 10;
    },
  };
}
