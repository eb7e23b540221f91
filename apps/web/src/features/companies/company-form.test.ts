import type { Company } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_COMPANY_FORM,
  checkCompanyCode,
  checkCompanyName,
  formFromCompany,
  toCompanyPayload,
  validateCompanyForm,
} from './company-form';
import { filterCompanies } from './company-list';

const company = (code: string, name: string, status: Company['status'] = 'active'): Company => ({
  sid: '555',
  company_code: code,
  company_name: name,
  status,
});

describe('company form', () => {
  it('starts empty and active', () => {
    expect(EMPTY_COMPANY_FORM).toEqual({ company_code: '', company_name: '', active: true });
  });

  it('round-trips a company and sends sid 555 with the text trimmed', () => {
    const values = formFromCompany(company('ACME', 'Acme Co., Ltd.', 'inactive'));
    expect(values).toEqual({ company_code: 'ACME', company_name: 'Acme Co., Ltd.', active: false });
    expect(toCompanyPayload({ ...values, company_code: ' ACME ', company_name: '  Acme  ' })).toEqual({
      sid: '555',
      company_code: 'ACME',
      company_name: 'Acme',
      status: 'inactive',
    });
    expect(toCompanyPayload({ ...values, active: true }).status).toBe('active');
  });

  it('checks the code against COMPANY_CODE_PATTERN', () => {
    expect(checkCompanyCode(undefined)).toBe('codeRequired');
    expect(checkCompanyCode('   ')).toBe('codeRequired');
    expect(checkCompanyCode('ACME_01-th')).toBeUndefined();
    expect(checkCompanyCode(' ACME ')).toBeUndefined();
    expect(checkCompanyCode('has space')).toBe('codeInvalid');
    expect(checkCompanyCode('*')).toBe('codeInvalid');
    expect(checkCompanyCode('บริษัท')).toBe('codeInvalid');
    expect(checkCompanyCode('A'.repeat(32))).toBeUndefined();
    expect(checkCompanyCode('A'.repeat(33))).toBe('codeInvalid');
  });

  it('requires a name of at most 200 characters', () => {
    expect(checkCompanyName('')).toBe('nameRequired');
    expect(checkCompanyName('  ')).toBe('nameRequired');
    expect(checkCompanyName('บริษัท เอ จำกัด')).toBeUndefined();
    expect(checkCompanyName('x'.repeat(200))).toBeUndefined();
    expect(checkCompanyName('x'.repeat(201))).toBe('nameTooLong');
  });

  it('validates the whole form at once', () => {
    expect(validateCompanyForm(EMPTY_COMPANY_FORM)).toEqual({
      company_code: 'codeRequired',
      company_name: 'nameRequired',
    });
    expect(validateCompanyForm({ company_code: 'C1', company_name: 'One', active: false })).toEqual({});
  });
});

describe('filterCompanies', () => {
  const list = [company('ACME', 'Acme Trading'), company('C2', 'บริษัท สยาม จำกัด'), company('XY-9', 'Other')];

  it('keeps every company for a blank search', () => {
    expect(filterCompanies(list, '  ')).toEqual(list);
  });

  it('matches a part of the code or the name, ignoring case', () => {
    expect(filterCompanies(list, 'acm').map((c) => c.company_code)).toEqual(['ACME']);
    expect(filterCompanies(list, ' TRAD ').map((c) => c.company_code)).toEqual(['ACME']);
    expect(filterCompanies(list, 'สยาม').map((c) => c.company_code)).toEqual(['C2']);
    expect(filterCompanies(list, 'y-9').map((c) => c.company_code)).toEqual(['XY-9']);
    expect(filterCompanies(list, 'nothing')).toEqual([]);
  });
});
