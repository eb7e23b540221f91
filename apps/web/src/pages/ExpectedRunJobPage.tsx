import { ExpectedRunJob } from '../features/reports';

/** Route /expected-running-job-report?companycode: today's expected fires against actual runs. */
export function ExpectedRunJobPage() {
  return <ExpectedRunJob />;
}
