import { PullJobConfigLog } from '../features/pull-jobs';

/** Route /pulljobconfig-log (admin: the router guards it and the server checks each company). */
export function PullJobConfigLogPage() {
  return <PullJobConfigLog />;
}
