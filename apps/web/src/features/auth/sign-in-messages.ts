import type { Messages } from '../../platform/i18n/language';

type SignInMessageKey =
  | 'productTitle'
  | 'productSubtitle'
  | 'signInTitle'
  | 'signInSubtitle'
  | 'username'
  | 'password'
  | 'usernamePlaceholder'
  | 'passwordPlaceholder'
  | 'signIn'
  | 'checkInformation'
  | 'fillUsernameAndPassword'
  | 'notSuccessful'
  | 'checkUsernamePassword'
  | 'useAccountForm'
  | 'useSingleSignOn'
  | 'ssoFrameTitle'
  | 'ok'
  | 'footer';

/** Spec 001 §5 "Login form" and §8. */
export const signInMessages: Messages<SignInMessageKey> = {
  en: {
    productTitle: 'LIS — Legacy Integration Scheduler',
    productSubtitle: 'Scheduled file transfers between legacy systems',
    signInTitle: 'Sign in',
    signInSubtitle: 'Use your LIS account to open the operations console.',
    username: 'Username',
    password: 'Password',
    usernamePlaceholder: 'Your user name',
    passwordPlaceholder: 'Your password',
    signIn: 'Sign in',
    checkInformation: 'Check information',
    fillUsernameAndPassword: 'Please fill in Username and Password.',
    notSuccessful: 'Not successful',
    checkUsernamePassword: 'Please check your Username, Password.',
    useAccountForm: 'Sign in with a LIS account instead',
    useSingleSignOn: 'Sign in through the portal instead',
    ssoFrameTitle: 'Portal sign-in',
    ok: 'OK',
    footer: 'For authorised operators and administrators only. Activity is recorded.',
  },
  th: {
    productTitle: 'LIS — ระบบจัดตารางงานเชื่อมต่อระบบเดิม',
    productSubtitle: 'ระบบรับส่งไฟล์ตามตารางเวลาระหว่างระบบงานเดิม',
    signInTitle: 'เข้าสู่ระบบ',
    signInSubtitle: 'ใช้บัญชี LIS ของคุณเพื่อเข้าสู่คอนโซลปฏิบัติการ',
    username: 'ชื่อผู้ใช้ (Username)',
    password: 'รหัสผ่าน (Password)',
    usernamePlaceholder: 'ชื่อผู้ใช้ของคุณ',
    passwordPlaceholder: 'รหัสผ่านของคุณ',
    signIn: 'เข้าสู่ระบบ',
    checkInformation: 'ตรวจสอบข้อมูล',
    fillUsernameAndPassword: 'กรุณากรอก Username และ Password',
    notSuccessful: 'ไม่สำเร็จ',
    checkUsernamePassword: 'กรุณาตรวจสอบ Username, Password ของคุณ',
    useAccountForm: 'เข้าสู่ระบบด้วยบัญชี LIS แทน',
    useSingleSignOn: 'เข้าสู่ระบบผ่านพอร์ทัลแทน',
    ssoFrameTitle: 'เข้าสู่ระบบผ่านพอร์ทัล',
    ok: 'ตกลง',
    footer: 'สำหรับผู้ปฏิบัติงานและผู้ดูแลระบบที่ได้รับอนุญาตเท่านั้น การใช้งานทั้งหมดจะถูกบันทึก',
  },
};

type SessionPageMessageKey =
  | 'ingressWorking'
  | 'ingressFailed'
  | 'ingressMissingToken'
  | 'signInAgain'
  | 'signedOutTitle'
  | 'signedOutText'
  | 'signingOut'
  | 'backToPortal';

/** The ingress (portal hand-over) and logout pages. */
export const sessionPageMessages: Messages<SessionPageMessageKey> = {
  en: {
    ingressWorking: 'Signing you in from the portal…',
    ingressFailed: 'Sign-in from the portal was not successful',
    ingressMissingToken: 'The portal did not hand over a sign-in token.',
    signInAgain: 'Sign in',
    signedOutTitle: 'You have signed out',
    signedOutText: 'Your LIS session has ended. Go back to the portal, or sign in again.',
    signingOut: 'Signing out…',
    backToPortal: 'Back to Portal',
  },
  th: {
    ingressWorking: 'กำลังเข้าสู่ระบบจากพอร์ทัล…',
    ingressFailed: 'เข้าสู่ระบบจากพอร์ทัลไม่สำเร็จ',
    ingressMissingToken: 'พอร์ทัลไม่ได้ส่ง token สำหรับเข้าสู่ระบบมาด้วย',
    signInAgain: 'เข้าสู่ระบบ',
    signedOutTitle: 'คุณได้ออกจากระบบแล้ว',
    signedOutText: 'เซสชัน LIS ของคุณสิ้นสุดแล้ว กลับสู่พอร์ทัล หรือเข้าสู่ระบบอีกครั้ง',
    signingOut: 'กำลังออกจากระบบ…',
    backToPortal: 'กลับสู่พอร์ทัล',
  },
};
