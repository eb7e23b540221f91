/** `const { username, displayName, role, companies, companyFilter, loading } = useCurrentUser();` */
export { useCurrentUser, CurrentUserContext, type CurrentUser } from './current-user-context';
