import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useRoleLabel } from '../../ui/role-labels';
import { employeeKeys, fetchActiveCompanies, fetchRoles } from './employee-api';
import { companyLabel, companyNames, labelRoleOptions, roleOptionsFrom } from './employee-rows';
import { employeeMessages } from './employees.i18n';

const LOOKUP_STALE_MS = 5 * 60_000;

/** The active companies (GET v1/company_master?status=active) and the role list (GET v1/role). */
export function useEmployeeLookups() {
  const t = useT(employeeMessages);
  const translateRole = useRoleLabel();
  const companies = useQuery({
    queryKey: employeeKeys.companies(),
    queryFn: ({ signal }) => fetchActiveCompanies(signal),
    staleTime: LOOKUP_STALE_MS,
  });
  const roles = useQuery({
    queryKey: employeeKeys.roles(),
    queryFn: ({ signal }) => fetchRoles(signal),
    staleTime: LOOKUP_STALE_MS,
  });

  return useMemo(() => {
    const companyList = companies.data?.result_list ?? [];
    const names = companyNames(companyList);
    // The role list's names are the server's (English); a known role code shows its translated label.
    const roleOptions = labelRoleOptions(roleOptionsFrom(roles.data), translateRole);
    const roleLabels = new Map(roleOptions.map((option) => [option.value, option.label]));
    return {
      companies: companyList,
      companiesLoading: companies.isPending,
      roleOptions,
      companyLabel: (code: string) => companyLabel(code, names, t('allCompanies')),
      roleLabel: (code: string) => roleLabels.get(code) ?? translateRole(code),
    };
  }, [companies.data, companies.isPending, roles.data, t, translateRole]);
}

export type EmployeeLookups = ReturnType<typeof useEmployeeLookups>;
