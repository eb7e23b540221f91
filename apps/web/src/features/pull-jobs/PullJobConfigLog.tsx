import { NotAvailableYetPage } from '../../pages/NotAvailableYetPage';

/** Being built (issue 5). */
export function PullJobConfigLog() {
  return <NotAvailableYetPage screen="pulljobconfig-log" />;
}
