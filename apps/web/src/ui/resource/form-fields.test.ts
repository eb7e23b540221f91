import { describe, expect, it } from 'vitest';
import { messageRule, withRecordCompany } from './form-fields';

const options = [{ value: 'A', label: 'A · Alpha' }];

describe('form fields', () => {
  it("keeps a record's company among the options even when it is not offered", () => {
    expect(withRecordCompany(options, 'A', (code) => `${code}?`)).toEqual(options);
    expect(withRecordCompany(options, undefined, (code) => `${code}?`)).toEqual(options);
    expect(withRecordCompany(options, 'Z', (code) => `${code} · gone`)).toEqual([
      { value: 'Z', label: 'Z · gone' },
      ...options,
    ]);
  });

  it("turns a check answering a message key into a rule with the screen's words", async () => {
    const t = (key: 'required') => ({ required: 'Please fill in' })[key];
    const rule = messageRule(t, (value: string | undefined) => (value ? undefined : 'required'));
    const validate = (value: string | undefined) =>
      (rule as { validator: (r: unknown, v: string | undefined) => Promise<void> }).validator({}, value);
    await expect(validate('x')).resolves.toBeUndefined();
    await expect(validate('')).rejects.toThrow('Please fill in');
  });
});
