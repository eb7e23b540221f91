import { PullJobConfig } from '../features/pull-jobs';

/** Route /pulljobconfig (admin: the router guards it and the server checks each company). */
export function PullJobConfigPage() {
  return <PullJobConfig />;
}
