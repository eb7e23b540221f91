import type { Messages } from '../platform/i18n/language';

export const rowActionMessages: Messages<'edit' | 'delete'> = {
  en: { edit: 'Edit', delete: 'Delete' },
  th: { edit: 'แก้ไข', delete: 'ลบ' },
};
