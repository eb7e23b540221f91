import { COMPANY_CODE_PATTERN, DEFAULT_SID, type Company, type CompanyWrite } from '@lis/contracts';

export const COMPANY_CODE_MAX_LENGTH = 32;
export const COMPANY_NAME_MAX_LENGTH = 200;

export type CompanyFormMode = 'add' | 'edit';

export interface CompanyFormValues {
  company_code: string;
  company_name: string;
  /** The Status switch: on is 'active'. */
  active: boolean;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = { company_code: '', company_name: '', active: true };

const CODE = new RegExp(COMPANY_CODE_PATTERN);

export function formFromCompany(company: Company): CompanyFormValues {
  return {
    company_code: company.company_code,
    company_name: company.company_name,
    active: company.status === 'active',
  };
}

/** The body of POST and PUT v1/company_master (same shape): sid 555, text trimmed. */
export function toCompanyPayload(values: CompanyFormValues): CompanyWrite {
  return {
    sid: DEFAULT_SID,
    company_code: values.company_code.trim(),
    company_name: values.company_name.trim(),
    status: values.active ? 'active' : 'inactive',
  };
}

/* Validation: each check answers the key of a message in companies.i18n.ts, or undefined when valid. */

export function checkCompanyCode(code: string | undefined): 'codeRequired' | 'codeInvalid' | undefined {
  const trimmed = (code ?? '').trim();
  if (!trimmed) return 'codeRequired';
  return CODE.test(trimmed) ? undefined : 'codeInvalid';
}

export function checkCompanyName(name: string | undefined): 'nameRequired' | 'nameTooLong' | undefined {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return 'nameRequired';
  return trimmed.length > COMPANY_NAME_MAX_LENGTH ? 'nameTooLong' : undefined;
}

export interface CompanyFormErrors {
  company_code?: 'codeRequired' | 'codeInvalid';
  company_name?: 'nameRequired' | 'nameTooLong';
}

/** All checks at once; an empty object means the form may be saved. */
export function validateCompanyForm(values: CompanyFormValues): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  const code = checkCompanyCode(values.company_code);
  const name = checkCompanyName(values.company_name);
  if (code) errors.company_code = code;
  if (name) errors.company_name = name;
  return errors;
}
