import type { Messages } from '../../platform/i18n/language';

type AuthMessageKey =
  | 'errorOccurred'
  | 'userNotInToken'
  | 'userNotFound'
  | 'forbiddenTitle'
  | 'forbiddenText'
  | 'backToHome'
  | 'ok';

/** Spec 000 §5 and §8: the outcomes of the user lookup, and screens a role may not open. */
export const authMessages: Messages<AuthMessageKey> = {
  en: {
    errorOccurred: 'An error occurred',
    userNotInToken: 'User not found in token.',
    userNotFound: 'This user was not found in the system.',
    forbiddenTitle: 'No access',
    forbiddenText: 'Your role does not allow you to open this screen.',
    backToHome: 'Back to monitoring',
    ok: 'OK',
  },
  th: {
    errorOccurred: 'เกิดข้อผิดพลาด',
    userNotInToken: 'ไม่พบข้อมูลผู้ใช้ใน token',
    userNotFound: 'ไม่พบผู้ใช้นี้ในระบบ',
    forbiddenTitle: 'ไม่มีสิทธิ์เข้าถึง',
    forbiddenText: 'สิทธิ์ของคุณไม่สามารถเปิดหน้าจอนี้ได้',
    backToHome: 'กลับไปหน้าติดตามงาน',
    ok: 'ตกลง',
  },
};
