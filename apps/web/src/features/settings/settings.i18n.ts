import type { Messages } from '../../platform/i18n/language';

type SettingsMessageKey =
  | 'title'
  | 'stepUpHeading'
  | 'stepUpExplained'
  | 'nowOwn'
  | 'nowAction'
  | 'newActionPassword'
  | 'confirmActionPassword'
  | 'required'
  | 'tooShort'
  | 'mismatch'
  | 'set'
  | 'change'
  | 'clear'
  | 'clearTitle'
  | 'clearText'
  | 'cancel'
  | 'notSuccessful';

/** The Settings screen (super_admin, decision 0020). */
export const settingsMessages: Messages<SettingsMessageKey> = {
  en: {
    title: 'Settings',
    stepUpHeading: 'Password for protected actions',
    stepUpExplained:
      'Run now and re-run step of an important job, and deleting a file, ask for a password again. By default each user enters their own password. You may set one separate action password instead, which every user must then know.',
    nowOwn: 'Now: each user confirms with their own password.',
    nowAction: 'Now: a separate action password is set; users confirm with it, not with their own.',
    newActionPassword: 'Action password',
    confirmActionPassword: 'Confirm the action password',
    required: 'Please fill in this field',
    tooShort: 'Use at least {min} characters',
    mismatch: 'The two passwords differ',
    set: 'Set action password',
    change: 'Change action password',
    clear: 'Clear: use each user’s own password',
    clearTitle: 'Clear the action password?',
    clearText: 'Protected actions will ask each user for their own password again.',
    cancel: 'Cancel',
    notSuccessful: 'Not successful',
  },
  th: {
    title: 'ตั้งค่าระบบ',
    stepUpHeading: 'รหัสผ่านสำหรับงานที่ต้องยืนยัน',
    stepUpExplained:
      'การสั่งรันทันทีและการรันขั้นตอนซ้ำของงานสำคัญ รวมถึงการลบไฟล์ จะถามรหัสผ่านอีกครั้ง โดยค่าเริ่มต้นผู้ใช้แต่ละคนกรอกรหัสผ่านของตนเอง หรือจะตั้งรหัสผ่านสำหรับสั่งงานแยกไว้หนึ่งชุดแทนก็ได้ ซึ่งผู้ใช้ทุกคนต้องทราบรหัสนี้',
    nowOwn: 'ขณะนี้: ผู้ใช้แต่ละคนยืนยันด้วยรหัสผ่านของตนเอง',
    nowAction: 'ขณะนี้: ตั้งรหัสผ่านสำหรับสั่งงานแยกไว้แล้ว ผู้ใช้ต้องยืนยันด้วยรหัสนี้ ไม่ใช่รหัสผ่านของตนเอง',
    newActionPassword: 'รหัสผ่านสำหรับสั่งงาน',
    confirmActionPassword: 'ยืนยันรหัสผ่านสำหรับสั่งงาน',
    required: 'กรุณากรอกข้อมูลช่องนี้',
    tooShort: 'ต้องมีอย่างน้อย {min} ตัวอักษร',
    mismatch: 'รหัสผ่านทั้งสองช่องไม่ตรงกัน',
    set: 'ตั้งรหัสผ่านสำหรับสั่งงาน',
    change: 'เปลี่ยนรหัสผ่านสำหรับสั่งงาน',
    clear: 'ล้างรหัส: ใช้รหัสผ่านของผู้ใช้แต่ละคน',
    clearTitle: 'ล้างรหัสผ่านสำหรับสั่งงานหรือไม่?',
    clearText: 'งานที่ต้องยืนยันจะกลับไปถามรหัสผ่านของผู้ใช้แต่ละคน',
    cancel: 'ยกเลิก',
    notSuccessful: 'ไม่สำเร็จ',
  },
};
