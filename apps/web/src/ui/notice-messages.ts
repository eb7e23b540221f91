import type { Messages } from '../platform/i18n/language';

type NoticeKey =
  | 'notAvailableTitle'
  | 'notAvailableText'
  | 'notImplementedTitle'
  | 'notImplementedText'
  | 'notFoundTitle'
  | 'notFoundText'
  | 'backHome';

export const noticeMessages: Messages<NoticeKey> = {
  en: {
    notAvailableTitle: 'Not available yet',
    notAvailableText:
      'The “{screen}” screen is not available yet. It will arrive in a later release of the console.',
    notImplementedTitle: 'Not yet implemented',
    notImplementedText:
      'User registration is not yet implemented. A super administrator can give people access in Employee Config.',
    notFoundTitle: 'Page not found',
    notFoundText: 'The console has no page at {path}.',
    backHome: 'Go to Report Legacy Monitoring',
  },
  th: {
    notAvailableTitle: 'ยังไม่พร้อมใช้งาน',
    notAvailableText: 'หน้าจอ “{screen}” ยังไม่พร้อมใช้งาน และจะเปิดให้ใช้ในคอนโซลรุ่นถัดไป',
    notImplementedTitle: 'ยังไม่ได้พัฒนา',
    notImplementedText: 'ฟังก์ชันลงทะเบียนผู้ใช้ยังไม่ได้พัฒนา ผู้ดูแลระบบสูงสุดสามารถกำหนดสิทธิ์ผู้ใช้ได้ที่หน้าตั้งค่าพนักงาน',
    notFoundTitle: 'ไม่พบหน้านี้',
    notFoundText: 'คอนโซลไม่มีหน้าที่ {path}',
    backHome: 'ไปที่รายงานติดตามงาน Legacy',
  },
};
