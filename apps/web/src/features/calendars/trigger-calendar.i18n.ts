import type { Messages } from '../../platform/i18n/language';

type Keys =
  | 'calendarOf'
  | 'none'
  | 'shared'
  | 'ruleOf'
  | 'ruleNumberOf'
  | 'ruleNone'
  | 'ruleNth'
  | 'ruleLast'
  | 'ruleFromEnd'
  | 'ruleNext'
  | 'rulePrevious'
  | 'ruleNeedsCalendar'
  | 'ruleDayFields';

export const triggerCalendarMessages: Messages<Keys> = {
  en: {
    calendarOf: 'Calendar of trigger {expression}',
    none: 'No calendar',
    shared: 'shared',
    ruleOf: 'Business-day rule of trigger {expression}',
    ruleNumberOf: 'Which business day, trigger {expression}',
    ruleNone: 'No business-day rule',
    ruleNth: 'N-th business day',
    ruleLast: 'Last business day',
    ruleFromEnd: 'N-th from the month’s end',
    ruleNext: 'If excluded: next business day',
    rulePrevious: 'If excluded: previous business day',
    ruleNeedsCalendar: 'Choose a calendar first: it says which days are business days.',
    ruleDayFields:
      'An N-th business day fires at the expression’s times of day: its day-of-month and day-of-week must be * or ?.',
  },
  th: {
    calendarOf: 'ปฏิทินของทริกเกอร์ {expression}',
    none: 'ไม่ใช้ปฏิทิน',
    shared: 'ใช้ร่วมกัน',
    ruleOf: 'กฎวันทำการของทริกเกอร์ {expression}',
    ruleNumberOf: 'วันทำการที่เท่าไร ทริกเกอร์ {expression}',
    ruleNone: 'ไม่ใช้กฎวันทำการ',
    ruleNth: 'วันทำการที่ N',
    ruleLast: 'วันทำการสุดท้าย',
    ruleFromEnd: 'วันทำการที่ N นับจากสิ้นเดือน',
    ruleNext: 'ถ้าตรงวันหยุด: วันทำการถัดไป',
    rulePrevious: 'ถ้าตรงวันหยุด: วันทำการก่อนหน้า',
    ruleNeedsCalendar: 'เลือกปฏิทินก่อน: ปฏิทินเป็นตัวกำหนดว่าวันใดเป็นวันทำการ',
    ruleDayFields: 'กฎวันทำการที่ N จะทำงานตามเวลาของนิพจน์ ช่องวันที่ของเดือนและวันในสัปดาห์ต้องเป็น * หรือ ?',
  },
};
