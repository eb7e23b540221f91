import type { Messages } from '../platform/i18n/language';

export const uiMessages: Messages<'errorTitle' | 'ok' | 'cannotConnect' | 'unknownError'> = {
  en: {
    errorTitle: 'Error',
    ok: 'OK',
    cannotConnect: 'Cannot connect to the server at this time. Please try again later.',
    unknownError: 'Something went wrong. Please try again.',
  },
  th: {
    errorTitle: 'ข้อผิดพลาด',
    ok: 'ตกลง',
    cannotConnect: 'ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้ในขณะนี้ กรุณาลองใหม่อีกครั้งภายหลัง',
    unknownError: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง',
  },
};
