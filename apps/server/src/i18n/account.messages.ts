/** First passwords and the step-up of protected actions (decision 0020). */
export const ACCOUNT_MESSAGES = {
  passwordChangeRequired: {
    en: 'Your password is a one-time password: change it before you go on',
    th: 'รหัสผ่านของคุณเป็นรหัสผ่านใช้ครั้งเดียว กรุณาเปลี่ยนรหัสผ่านก่อนใช้งานต่อ',
  },
  newPasswordSameAsCurrent: {
    en: 'The new password must differ from the current one',
    th: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
  },
  stepUpOwnPasswordRequired: { en: 'Please enter your password', th: 'กรุณากรอกรหัสผ่านของคุณ' },
  stepUpOwnPasswordWrong: { en: 'Your password is not correct', th: 'รหัสผ่านของคุณไม่ถูกต้อง' },
  stepUpNoOwnPassword: {
    en: 'You sign in through the portal and have no LIS password: ask a super_admin to set an action password on the Settings screen',
    th: 'คุณเข้าสู่ระบบผ่านพอร์ทัลและไม่มีรหัสผ่านของ LIS กรุณาติดต่อ super_admin ให้ตั้งรหัสผ่านสำหรับสั่งงานที่หน้าตั้งค่า',
  },
  stepUpThrottled: {
    en: 'Too many password attempts for protected actions. Try again in {minutes} minutes.',
    th: 'กรอกรหัสผ่านสำหรับงานที่ต้องยืนยันหลายครั้งเกินไป กรุณาลองใหม่ในอีก {minutes} นาที',
  },
  actionPasswordCleared: {
    en: 'The action password was cleared: protected actions ask for the user’s own password',
    th: 'ล้างรหัสผ่านสำหรับสั่งงานแล้ว งานที่ต้องยืนยันจะใช้รหัสผ่านของผู้ใช้เอง',
  },
} as const;
