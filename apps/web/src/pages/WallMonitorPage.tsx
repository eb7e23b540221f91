import { WallMonitor } from '../features/wall-monitor';

/** Route /monitor: outside the main layout, still behind the session (DESIGN §7). */
export function WallMonitorPage() {
  return <WallMonitor />;
}
