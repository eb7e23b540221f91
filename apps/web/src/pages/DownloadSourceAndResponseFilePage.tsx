import { DownloadSourceAndResponseFile } from '../features/reports/DownloadSourceAndResponseFile';

/** Route /downloadsourceandresponsefile: every signed-in user, runs of their companies. */
export function DownloadSourceAndResponseFilePage() {
  return <DownloadSourceAndResponseFile />;
}
