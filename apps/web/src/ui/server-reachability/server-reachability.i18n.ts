import type { Messages } from '../../platform/i18n/language';

/** How the server config lists say what the connection checks found (issue 35, decision 0049). */
export const reachabilityMessages: Messages<
  | 'connection'
  | 'reachable'
  | 'unreachableSince'
  | 'notChecked'
  | 'checksOff'
  | 'lastChecked'
  | 'failures'
  | 'lastError'
  | 'help'
> = {
  en: {
    connection: 'Connection',
    reachable: 'Reachable',
    unreachableSince: 'Unreachable since {since}',
    notChecked: 'Not checked yet',
    checksOff: 'Checks off',
    lastChecked: 'Last checked {at}',
    failures: 'Failed checks in a row: {count}',
    lastError: 'Last error: {error}',
    help: 'LIS checks every server every {minutes} min; unreachable after failed checks in a row (an alert SERVER_UNREACHABLE).',
  },
  th: {
    connection: 'การเชื่อมต่อ',
    reachable: 'เชื่อมต่อได้',
    unreachableSince: 'เชื่อมต่อไม่ได้ตั้งแต่ {since}',
    notChecked: 'ยังไม่ได้ตรวจสอบ',
    checksOff: 'ปิดการตรวจสอบ',
    lastChecked: 'ตรวจสอบล่าสุด {at}',
    failures: 'ตรวจสอบไม่สำเร็จติดกัน: {count} ครั้ง',
    lastError: 'ข้อผิดพลาดล่าสุด: {error}',
    help: 'LIS ตรวจสอบทุกเซิร์ฟเวอร์ทุก {minutes} นาที และถือว่าเชื่อมต่อไม่ได้เมื่อตรวจสอบไม่สำเร็จติดกัน (แจ้งเตือน SERVER_UNREACHABLE)',
  },
};
