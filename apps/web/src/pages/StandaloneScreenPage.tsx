import type { StandaloneScreen } from '../app/routes/screens';
import { StandaloneReportPage, WallMonitorPage } from '../app/routes/lazy-pages';

/** /monitor and /report: full-screen pages outside the main layout (DESIGN §7), one line per screen. */
export function StandaloneScreenPage({ screen }: { screen: StandaloneScreen }) {
  switch (screen) {
    case 'monitor':
      return <WallMonitorPage />;
    case 'report':
      return <StandaloneReportPage />;
  }
}
