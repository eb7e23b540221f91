import { readFileSync } from 'node:fs';

/**
 * The CPU clock's tick: Linux counts a thread's time in USER_HZ units (100 per second on every
 * architecture Node runs on), so a reading can be this much short of the time really used.
 */
export const THREAD_CPU_CLOCK_TICK_MS = 10;

const THREAD_STAT = '/proc/thread-self/stat';
// Fields 14 and 15 of /proc/<pid>/task/<tid>/stat are utime and stime; counted from the field after
// the command name, which is in parentheses and may itself hold spaces.
const UTIME_AFTER_COMMAND = 11;

let threadStatReadable = process.platform === 'linux';

function readThreadStat(): number | undefined {
  if (!threadStatReadable) return undefined;
  try {
    const stat = readFileSync(THREAD_STAT, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[UTIME_AFTER_COMMAND]) + Number(fields[UTIME_AFTER_COMMAND + 1]);
    if (Number.isFinite(ticks)) return ticks * THREAD_CPU_CLOCK_TICK_MS;
  } catch {
    // Not mounted (some containers): fall back to the whole process's time below.
  }
  threadStatReadable = false;
  return undefined;
}

/**
 * CPU time used so far by the calling thread, in milliseconds (user + system). Where the kernel does
 * not tell a thread's own time, the whole process's: larger, never smaller, than the thread's.
 */
export function threadCpuMs(): number {
  const fromStat = readThreadStat();
  if (fromStat !== undefined) return fromStat;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
