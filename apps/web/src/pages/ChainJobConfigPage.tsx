import { ChainJobConfig } from '../features/chain-jobs';

/** Route /chain-job-config (admin: the router guards it and the server checks each company). */
export function ChainJobConfigPage() {
  return <ChainJobConfig />;
}
