import type { Messages } from '../platform/i18n/language';

/** The "Columns" button of a list whose optional columns the user picks (issue 31). */
export const columnChooserMessages: Messages<'columns'> = {
  en: { columns: 'Columns' },
  th: { columns: 'คอลัมน์' },
};
