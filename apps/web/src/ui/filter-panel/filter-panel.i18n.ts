import type { Messages } from '../../platform/i18n/language';

const en = {
  search: 'Search',
  reset: 'Reset',
  clear: 'Clear',
  datePlaceholder: 'dd/mm/yyyy',
  textPlaceholder: 'Contains…',
} as const;

const th: Record<keyof typeof en, string> = {
  search: 'ค้นหา',
  reset: 'ล้างค่า',
  clear: 'ล้าง',
  datePlaceholder: 'วว/ดด/ปปปป',
  textPlaceholder: 'มีคำว่า…',
};

/** The filter panel's words: its buttons and the placeholders of its text and date fields. */
export const filterPanelMessages: Messages<keyof typeof en> = { en, th };
