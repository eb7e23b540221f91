import type { Messages } from '../../platform/i18n/language';

export const triggerCalendarMessages: Messages<'calendarOf' | 'none' | 'shared'> = {
  en: { calendarOf: 'Calendar of trigger {expression}', none: 'No calendar', shared: 'shared' },
  th: { calendarOf: 'ปฏิทินของทริกเกอร์ {expression}', none: 'ไม่ใช้ปฏิทิน', shared: 'ใช้ร่วมกัน' },
};
