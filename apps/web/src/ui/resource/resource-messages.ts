import type { Messages } from '../../platform/i18n/language';

/** The words every configuration screen says the same way (each screen adds its own). */
export type ResourceMessageKey =
  'menu' | 'edit' | 'delete' | 'loading' | 'close' | 'save' | 'notSuccessful' | 'deleteTitle' | 'yes';

export const resourceMessages: Messages<ResourceMessageKey> = {
  en: {
    menu: 'Menu',
    edit: 'Edit',
    delete: 'Delete',
    loading: 'Loading...',
    close: 'Close',
    save: 'Save',
    notSuccessful: 'Not successful',
    deleteTitle: 'Delete data?',
    yes: 'Yes',
  },
  th: {
    menu: 'เมนู',
    edit: 'แก้ไข',
    delete: 'ลบ',
    loading: 'กำลังโหลด...',
    close: 'ปิด',
    save: 'บันทึก',
    notSuccessful: 'ไม่สำเร็จ',
    deleteTitle: 'ลบข้อมูล?',
    yes: 'ใช่',
  },
};
