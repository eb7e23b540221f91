import { DEFAULT_SID, type CompanyListResponse } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../app/api/http';
import { useCurrentUser } from '../../app/auth/useCurrentUser';
import { adminCompanyOptions, companyOptionLabel } from './admin-companies';

const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * The Company select of the configuration screens: the companies of the signed-in user ('*' → every
 * active company of GET v1/company_master?status=active). The server still checks each request.
 */
export function useAdminCompanies() {
  const user = useCurrentUser();
  const companies = useQuery({
    queryKey: ['companies', 'active'],
    queryFn: ({ signal }) =>
      api.get<CompanyListResponse>('v1/company_master', { sid: DEFAULT_SID, status: 'active' }, signal),
    staleTime: LOOKUP_STALE_MS,
  });
  return useMemo(() => {
    const active = companies.data?.result_list ?? [];
    const names = new Map(active.map((c) => [c.company_code, c.company_name]));
    return {
      options: adminCompanyOptions(user.companies, active),
      loading: user.loading || companies.isPending,
      label: (code: string) => companyOptionLabel(code, names),
    };
  }, [companies.data, companies.isPending, user.companies, user.loading]);
}
