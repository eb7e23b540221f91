import { describe, expect, it } from 'vitest';
import { roleLabel } from './role-labels';

describe('roleLabel', () => {
  it('names the known roles by code, in English and in Thai, whatever the server calls them', () => {
    expect(roleLabel('en', 'user', 'user')).toBe('User');
    expect(roleLabel('en', 'admin')).toBe('Admin');
    expect(roleLabel('en', 'super_admin', 'Super Admin')).toBe('Super Admin');
    expect(roleLabel('th', 'user', 'User')).toBe('ผู้ใช้งาน');
    expect(roleLabel('th', 'admin', 'Admin')).toBe('ผู้ดูแลระบบ');
    expect(roleLabel('th', 'super_admin')).toBe('ผู้ดูแลระบบสูงสุด');
    expect(roleLabel('th', ' admin ')).toBe('ผู้ดูแลระบบ');
  });

  it("falls back to the server's name for an unknown code, then to the code itself", () => {
    expect(roleLabel('th', 'auditor', 'Auditor')).toBe('Auditor');
    expect(roleLabel('en', 'auditor', '  ')).toBe('auditor');
    expect(roleLabel('en', 'auditor')).toBe('auditor');
  });
});
