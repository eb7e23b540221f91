import { describe, expect, it } from 'vitest';
import { adminCompanyOptions, companyOptionLabel } from './admin-companies';

const active = [
  { company_code: 'A', company_name: 'Alpha' },
  { company_code: 'B', company_name: 'B' },
];

describe('admin companies', () => {
  it("offers every active company when '*' is among the user's companies, as the server reads it", () => {
    expect(adminCompanyOptions(['*'], active).map((o) => o.value)).toEqual(['A', 'B']);
    expect(adminCompanyOptions(['C', '*'], active).map((o) => o.value)).toEqual(['A', 'B']);
  });

  it("else the user's own codes, in order, once each, named when the master names them", () => {
    expect(adminCompanyOptions(['C', 'A', 'C', ''], active)).toEqual([
      { value: 'C', label: 'C' },
      { value: 'A', label: 'A · Alpha' },
    ]);
  });

  it('labels a code with its name unless the name is the code', () => {
    expect(companyOptionLabel('A', 'Alpha')).toBe('A · Alpha');
    expect(companyOptionLabel('B', 'B')).toBe('B');
    expect(companyOptionLabel('C', undefined)).toBe('C');
  });
});
