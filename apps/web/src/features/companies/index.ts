/** The public entry of features/companies: what other features and pages may use. */
export * from './CompaniesButton';
export * from './admin-companies';
export * from './useAdminCompanies';
