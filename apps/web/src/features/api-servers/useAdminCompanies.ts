import { DEFAULT_SID, type CompanyListResponse } from '@lis/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../app/api/http';
import { useCurrentUser } from '../../app/auth/useCurrentUser';

export interface CompanyOption {
  value: string;
  label: string;
}

const LOOKUP_STALE_MS = 5 * 60_000;

function fetchActiveCompanies(signal?: AbortSignal) {
  return api.get<CompanyListResponse>('v1/company_master', { sid: DEFAULT_SID, status: 'active' }, signal);
}

/** "CODE · Name", or the code alone when the name is not known. */
export function companyOptionLabel(code: string, name: string | undefined): string {
  return name && name !== code ? `${code} · ${name}` : code;
}

/**
 * The companies the signed-in user may configure servers for: every active company for '*', else the
 * user's own companies (named from the active list when it has them). The server checks it again.
 */
export function companyOptionsFor(
  userCompanies: readonly string[],
  allCompanies: boolean,
  active: readonly { company_code: string; company_name: string }[],
): CompanyOption[] {
  const names = new Map(active.map((company) => [company.company_code, company.company_name]));
  const codes = allCompanies
    ? active.map((company) => company.company_code)
    : [...new Set(userCompanies.filter((code) => code && code !== '*'))];
  return codes.map((code) => ({ value: code, label: companyOptionLabel(code, names.get(code)) }));
}

/** The Company select's options, and a label for any code (list rows of other companies included). */
export function useAdminCompanies() {
  const { companies, allCompanies } = useCurrentUser();
  const query = useQuery({
    queryKey: ['server-config', 'active-companies'],
    queryFn: ({ signal }) => fetchActiveCompanies(signal),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
  return useMemo(() => {
    const active = query.data?.result_list ?? [];
    const names = new Map(active.map((company) => [company.company_code, company.company_name]));
    return {
      options: companyOptionsFor(companies, allCompanies, active),
      loading: query.isPending,
      companyName: (code: string) => names.get(code),
    };
  }, [query.data, query.isPending, companies, allCompanies]);
}
