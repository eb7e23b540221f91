import { createContext, useContext } from 'react';
import type { RoleCode } from '@lis/contracts';

export interface CurrentUser {
  /** The user name the token names (or the citizen id); '' when it names none. */
  username: string;
  /** "first last" from the token, else the user name. */
  displayName: string;
  /** Undefined while the lookup runs, or when the user is unknown. */
  role: RoleCode | undefined;
  /** Company codes of the user, in order; may hold '*'. */
  companies: string[];
  /** The first company is '*': every company. */
  allCompanies: boolean;
  /** The company codes to send as a list filter: none when the user sees every company (spec 000 §6). */
  companyFilter: string[];
  /** The lookup is still running. */
  loading: boolean;
  /** The lookup ended and found the user. */
  found: boolean;
}

export const SIGNED_OUT_USER: CurrentUser = {
  username: '',
  displayName: '',
  role: undefined,
  companies: [],
  allCompanies: false,
  companyFilter: [],
  loading: false,
  found: false,
};

/** Provided by the session guard; tests of a page may provide their own value. */
export const CurrentUserContext = createContext<CurrentUser>(SIGNED_OUT_USER);

/** The signed-in user: name, display name, role and companies (spec 000 §6). */
export function useCurrentUser(): CurrentUser {
  return useContext(CurrentUserContext);
}
