import type { Messages } from '../../platform/i18n/language';

type LayoutMessageKey =
  | 'productName'
  | 'consoleName'
  | 'consoleVersion'
  | 'serverVersion'
  | 'serverVersionUnknown'
  | 'latency'
  | 'latencyFailed'
  | 'latencyWaiting'
  | 'signOut'
  | 'expandMenu'
  | 'collapseMenu'
  | 'navigation'
  | 'signedInAs'
  | 'changePassword';

export const layoutMessages: Messages<LayoutMessageKey> = {
  en: {
    productName: 'Legacy Integration Scheduler',
    consoleName: 'Operations Console',
    consoleVersion: 'Console version {version}',
    serverVersion: 'Server {version}',
    serverVersionUnknown: 'Server version unavailable',
    latency: 'Network latency to the server: {ms} ms',
    latencyFailed: 'The latency could not be measured',
    latencyWaiting: 'Measuring network latency…',
    signOut: 'Sign out',
    expandMenu: 'Expand menu',
    collapseMenu: 'Collapse menu',
    navigation: 'Main navigation',
    signedInAs: 'Signed in as {name}',
    changePassword: 'Change password',
  },
  th: {
    productName: 'ระบบจัดตารางงานเชื่อมต่อระบบเดิม',
    consoleName: 'คอนโซลปฏิบัติการ',
    consoleVersion: 'คอนโซลเวอร์ชัน {version}',
    serverVersion: 'เซิร์ฟเวอร์ {version}',
    serverVersionUnknown: 'ไม่ทราบเวอร์ชันของเซิร์ฟเวอร์',
    latency: 'ความหน่วงของเครือข่ายไปยังเซิร์ฟเวอร์: {ms} มิลลิวินาที',
    latencyFailed: 'ไม่สามารถวัดความหน่วงของเครือข่ายได้',
    latencyWaiting: 'กำลังวัดความหน่วงของเครือข่าย…',
    signOut: 'ออกจากระบบ',
    expandMenu: 'ขยายเมนู',
    collapseMenu: 'ย่อเมนู',
    navigation: 'เมนูหลัก',
    signedInAs: 'เข้าสู่ระบบในชื่อ {name}',
    changePassword: 'เปลี่ยนรหัสผ่าน',
  },
};
