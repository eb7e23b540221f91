import { DEFAULT_SID } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../platform/api/endpoint-client';
import { useCurrentUser } from '../../platform/auth/useCurrentUser';
import { adminCompanyOptions, companyOptionLabel } from './admin-companies';
import { companyKeys } from './company-api';

const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * The Company select of the configuration screens: the companies of the signed-in user ('*' → every
 * active company of GET v1/company_master?status=active), and a label for any code (list rows of
 * other companies included). Under the company master's key: a company saved in the drawer shows at once.
 */
export function useAdminCompanies() {
  const user = useCurrentUser();
  const companies = useQuery({
    queryKey: [...companyKeys.all, 'active'],
    queryFn: ({ signal }) =>
      call('GET /v1/company_master', { query: { sid: DEFAULT_SID, status: 'active' }, signal }),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
  return useMemo(() => {
    const active = companies.data?.result_list ?? [];
    const names = new Map(active.map((c) => [c.company_code, c.company_name]));
    return {
      options: adminCompanyOptions(user.companies, active),
      loading: user.loading || companies.isPending,
      companyName: (code: string) => names.get(code),
      /** "CODE · Name"; `name` when the row carries its own. */
      label: (code: string, name?: string) => companyOptionLabel(code, name || names.get(code)),
    };
  }, [companies.data, companies.isPending, user.companies, user.loading]);
}
