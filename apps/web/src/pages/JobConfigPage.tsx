import { JobConfig } from '../features/job-config';

/** Route /masterconfig (admin: the router guards it and the server checks each company). */
export function JobConfigPage() {
  return <JobConfig />;
}
