import { ApiConfig } from '../features/api-servers';

/** Route /companyconfig (admin and super_admin: the router guards it and the server checks each company). */
export function ApiConfigPage() {
  return <ApiConfig />;
}
