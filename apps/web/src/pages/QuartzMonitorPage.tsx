import { QuartzMonitor } from '../features/quartz';

/** Route /quartzmonitor: every signed-in user sees it; only admins get the stop button. */
export function QuartzMonitorPage() {
  return <QuartzMonitor />;
}
