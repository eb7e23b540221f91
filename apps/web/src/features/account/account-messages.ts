import type { Messages } from '../../platform/i18n/language';

type AccountMessageKey =
  | 'changePassword'
  | 'currentPassword'
  | 'newPassword'
  | 'confirmPassword'
  | 'required'
  | 'tooShort'
  | 'mismatch'
  | 'save'
  | 'cancel'
  | 'changed'
  | 'hint'
  | 'sameAsCurrent'
  | 'forcedTitle'
  | 'forcedText'
  | 'oneTimePassword'
  | 'signOut';

export const accountMessages: Messages<AccountMessageKey> = {
  en: {
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    required: 'Please fill in this field',
    tooShort: 'Use at least {min} characters',
    mismatch: 'The two new passwords differ',
    save: 'Change password',
    cancel: 'Cancel',
    changed: 'Your password has been changed',
    hint: 'Choose a password of at least {min} characters that you use nowhere else.',
    sameAsCurrent: 'The new password must differ from the current one',
    forcedTitle: 'Choose your own password',
    forcedText:
      'You signed in with a one-time password. Choose your own password before you go on: nothing else can be done until then.',
    oneTimePassword: 'One-time password',
    signOut: 'Sign out',
  },
  th: {
    changePassword: 'เปลี่ยนรหัสผ่าน',
    currentPassword: 'รหัสผ่านปัจจุบัน',
    newPassword: 'รหัสผ่านใหม่',
    confirmPassword: 'ยืนยันรหัสผ่านใหม่',
    required: 'กรุณากรอกข้อมูลช่องนี้',
    tooShort: 'ต้องมีอย่างน้อย {min} ตัวอักษร',
    mismatch: 'รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน',
    save: 'เปลี่ยนรหัสผ่าน',
    cancel: 'ยกเลิก',
    changed: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว',
    hint: 'เลือกรหัสผ่านอย่างน้อย {min} ตัวอักษร ที่ไม่ได้ใช้กับระบบอื่น',
    sameAsCurrent: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
    forcedTitle: 'ตั้งรหัสผ่านของคุณเอง',
    forcedText: 'คุณเข้าสู่ระบบด้วยรหัสผ่านใช้ครั้งเดียว กรุณาตั้งรหัสผ่านของคุณเองก่อนใช้งานต่อ จนกว่าจะเปลี่ยนจะยังใช้งานส่วนอื่นไม่ได้',
    oneTimePassword: 'รหัสผ่านใช้ครั้งเดียว',
    signOut: 'ออกจากระบบ',
  },
};
