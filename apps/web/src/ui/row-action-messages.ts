import type { Messages } from '../app/i18n/language';

export const rowActionMessages: Messages<'edit' | 'delete'> = {
  en: { edit: 'Edit', delete: 'Delete' },
  th: { edit: 'แก้ไข', delete: 'ลบ' },
};
