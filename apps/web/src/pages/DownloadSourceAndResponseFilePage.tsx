import { DownloadSourceAndResponseFile } from '../features/reports';

/** Route /downloadsourceandresponsefile: every signed-in user, runs of their companies. */
export function DownloadSourceAndResponseFilePage() {
  return <DownloadSourceAndResponseFile />;
}
