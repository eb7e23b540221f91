import type { Messages } from '../../app/i18n/language';

type StepUpMessageKey = 'ownTitle' | 'ownLabel' | 'ownHint' | 'actionHint';

/** The password prompt of protected actions when it asks for the user's own password (decision 0020). */
export const stepUpMessages: Messages<StepUpMessageKey> = {
  en: {
    ownTitle: 'Protected action: enter your password',
    ownLabel: 'Your password',
    ownHint: 'Confirm that it is you: enter the password you sign in with.',
    actionHint: 'Enter the action password your super_admin gave you.',
  },
  th: {
    ownTitle: 'งานที่ต้องยืนยัน: กรุณากรอกรหัสผ่านของคุณ',
    ownLabel: 'รหัสผ่านของคุณ',
    ownHint: 'ยืนยันตัวตน: กรอกรหัสผ่านที่คุณใช้เข้าสู่ระบบ',
    actionHint: 'กรอกรหัสผ่านสำหรับสั่งงานที่ได้รับจาก super_admin',
  },
};
