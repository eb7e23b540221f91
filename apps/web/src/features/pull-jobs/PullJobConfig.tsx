import { NotAvailableYetPage } from '../../pages/NotAvailableYetPage';

/** Being built (issue 5). */
export function PullJobConfig() {
  return <NotAvailableYetPage screen="pulljobconfig" />;
}
