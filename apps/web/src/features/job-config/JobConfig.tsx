import { NotAvailableYetPage } from '../../pages/NotAvailableYetPage';

/** Being built (issue 5). */
export function JobConfig() {
  return <NotAvailableYetPage screen="masterconfig" />;
}
