import type { StandaloneScreen as StandaloneScreenKey } from '../../platform/screens/screens';
import { StandaloneReportPage, WallMonitorPage } from './lazy-pages';

/**
 * /monitor and /report: full-screen pages outside the main layout (DESIGN §7), one line per screen.
 * A switch of the route table, not a page: each case is a lazily loaded page.
 */
export function StandaloneScreen({ screen }: { screen: StandaloneScreenKey }) {
  switch (screen) {
    case 'monitor':
      return <WallMonitorPage />;
    case 'report':
      return <StandaloneReportPage />;
  }
}
