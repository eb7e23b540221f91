import { useCallback } from 'react';
import { ROLES, type RoleCode } from '@lis/contracts';
import { useLanguage } from '../platform/i18n/I18nProvider';
import type { Language, Messages } from '../platform/i18n/language';

/**
 * The name of each role, by its code, in the console's language. The server's `role_access_name` is a
 * single (English) name; screens show these instead and fall back to it only for a code not listed here.
 */
export const roleLabelMessages: Messages<RoleCode> = {
  en: { user: 'User', admin: 'Admin', super_admin: 'Super Admin' },
  th: { user: 'ผู้ใช้งาน', admin: 'ผู้ดูแลระบบ', super_admin: 'ผู้ดูแลระบบสูงสุด' },
};

function isRoleCode(code: string): code is RoleCode {
  return (ROLES as readonly string[]).includes(code);
}

/**
 * A role's label: the translation of a known code; otherwise the server's name when there is one, else
 * the code itself.
 */
export function roleLabel(language: Language, code: string, serverName?: string): string {
  const trimmed = code.trim();
  if (isRoleCode(trimmed)) return roleLabelMessages[language][trimmed];
  return serverName?.trim() || trimmed;
}

/** `const label = useRoleLabel(); label('admin')` → "Admin" / "ผู้ดูแลระบบ". */
export function useRoleLabel(): (code: string, serverName?: string) => string {
  const { language } = useLanguage();
  return useCallback(
    (code: string, serverName?: string) => roleLabel(language, code, serverName),
    [language],
  );
}
