import type { Messages } from '../../platform/i18n/language';

type PageErrorKey = 'loadTitle' | 'loadText' | 'crashTitle' | 'crashText' | 'reload';

/** The full-page error of PageErrorBoundary. */
export const pageErrorMessages: Messages<PageErrorKey> = {
  en: {
    loadTitle: 'This page could not be loaded',
    loadText:
      'The console may have been updated, or the server cannot be reached. Reload to get the latest version.',
    crashTitle: 'Something went wrong',
    crashText: 'This page stopped because of an unexpected error. Reload to try again.',
    reload: 'Reload',
  },
  th: {
    loadTitle: 'ไม่สามารถโหลดหน้านี้ได้',
    loadText: 'คอนโซลอาจได้รับการอัปเดต หรือไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้ กรุณาโหลดหน้าใหม่เพื่อใช้เวอร์ชันล่าสุด',
    crashTitle: 'เกิดข้อผิดพลาด',
    crashText: 'หน้านี้หยุดทำงานเนื่องจากข้อผิดพลาดที่ไม่คาดคิด กรุณาโหลดหน้าใหม่เพื่อลองอีกครั้ง',
    reload: 'โหลดหน้าใหม่',
  },
};
