import type { Messages } from '../../platform/i18n/language';

type StepUpMessageKey =
  'ownTitle' | 'ownLabel' | 'ownHint' | 'actionTitle' | 'actionLabel' | 'actionHint' | 'confirm' | 'cancel';

/** The password prompt of protected actions when it asks for the user's own password (decision 0020). */
export const stepUpMessages: Messages<StepUpMessageKey> = {
  en: {
    ownTitle: 'Protected action: enter your password',
    ownLabel: 'Your password',
    ownHint: 'Confirm that it is you: enter the password you sign in with.',
    actionTitle: 'Important job: enter the action password',
    actionLabel: 'Action password',
    actionHint: 'Enter the action password your super_admin gave you.',
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
  th: {
    ownTitle: 'งานที่ต้องยืนยัน: กรุณากรอกรหัสผ่านของคุณ',
    ownLabel: 'รหัสผ่านของคุณ',
    ownHint: 'ยืนยันตัวตน: กรอกรหัสผ่านที่คุณใช้เข้าสู่ระบบ',
    actionTitle: 'งานสำคัญ: กรุณากรอกรหัสผ่านสำหรับสั่งงาน',
    actionLabel: 'รหัสผ่านสำหรับสั่งงาน',
    actionHint: 'กรอกรหัสผ่านสำหรับสั่งงานที่ได้รับจาก super_admin',
    confirm: 'ยืนยัน',
    cancel: 'ยกเลิก',
  },
};
