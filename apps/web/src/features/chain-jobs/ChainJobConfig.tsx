import { NotAvailableYetPage } from '../../pages/NotAvailableYetPage';

/** Being built (issue 5). */
export function ChainJobConfig() {
  return <NotAvailableYetPage screen="chain-job-config" />;
}
