import { Type, type Static } from '@sinclair/typebox';
import { Sid } from './common.js';

/** A company code; `*` in a user's company list means every company. */
export const COMPANY_CODE_PATTERN = '^[A-Za-z0-9_-]{1,32}$';
export const ALL_COMPANIES = '*';
export const CompanyCode = Type.String({ pattern: COMPANY_CODE_PATTERN });

export const CompanyStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
export type CompanyStatus = Static<typeof CompanyStatus>;

export const Company = Type.Object({
  sid: Type.String(),
  company_code: Type.String(),
  company_name: Type.String(),
  status: CompanyStatus,
});
export type Company = Static<typeof Company>;

export const CompanyListQuery = Type.Object(
  { sid: Type.Optional(Sid), status: Type.Optional(CompanyStatus) },
  { additionalProperties: false },
);
export type CompanyListQuery = Static<typeof CompanyListQuery>;

export const CompanyListResponse = Type.Object({
  result_list: Type.Array(Company),
  total_count: Type.Integer(),
});
export type CompanyListResponse = Static<typeof CompanyListResponse>;

export const CompanyWrite = Type.Object(
  {
    sid: Type.Optional(Sid),
    company_code: CompanyCode,
    company_name: Type.String({ minLength: 1, maxLength: 200 }),
    status: Type.Optional(CompanyStatus),
  },
  { additionalProperties: false },
);
export type CompanyWrite = Static<typeof CompanyWrite>;
