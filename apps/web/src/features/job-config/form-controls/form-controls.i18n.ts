import type { Messages } from '../../../platform/i18n/language';

type Keys =
  | 'yes'
  | 'no'
  | 'add'
  | 'remove'
  | 'unlock'
  | 'lock'
  | 'to'
  | 'cc'
  | 'bcc'
  | 'active'
  | 'emailPlaceholder'
  | 'noData'
  | 'empty'
  | 'fillInComplete'
  | 'chooseCompanyFirst';

export type FormControlsMessageKey = Keys;

export const formControlsMessages: Messages<Keys> = {
  en: {
    yes: 'Y',
    no: 'N',
    add: 'Add',
    remove: 'Remove {item}',
    unlock: 'Unlock to edit',
    lock: 'Unlocked',
    to: 'To',
    cc: 'Cc',
    bcc: 'Bcc',
    active: 'Active',
    emailPlaceholder: 'name@example.com',
    noData: 'No data',
    empty: 'None yet',
    fillInComplete: 'Please fill in complete data',
    chooseCompanyFirst: 'Choose the Company Code first.',
  },
  th: {
    yes: 'Y',
    no: 'N',
    add: 'เพิ่ม',
    remove: 'ลบ {item}',
    unlock: 'ปลดล็อกเพื่อแก้ไข',
    lock: 'ปลดล็อกแล้ว',
    to: 'ถึง',
    cc: 'สำเนา',
    bcc: 'สำเนาลับ',
    active: 'เปิดใช้งาน',
    emailPlaceholder: 'name@example.com',
    noData: 'ไม่พบข้อมูล',
    empty: 'ยังไม่มีรายการ',
    fillInComplete: 'กรุณากรอกข้อมูลให้ครบถ้วน',
    chooseCompanyFirst: 'กรุณาเลือกรหัสบริษัทก่อน',
  },
};
