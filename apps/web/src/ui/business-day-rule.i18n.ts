import type { Messages } from '../platform/i18n/language';

type Keys = 'nth' | 'last' | 'nthFromEnd' | 'shiftNext' | 'shiftPrevious';

/** A trigger's business-day rule (issue 34) in words: `{ordinal}` is 3rd, 2nd, … in English, `{n}` the count. */
export const businessDayRuleMessages: Messages<Keys> = {
  en: {
    nth: '{ordinal} business day of the month',
    last: 'Last business day of the month',
    nthFromEnd: '{ordinal}-to-last business day of the month',
    shiftNext: 'If excluded: next business day',
    shiftPrevious: 'If excluded: previous business day',
  },
  th: {
    nth: 'วันทำการที่ {n} ของเดือน',
    last: 'วันทำการสุดท้ายของเดือน',
    nthFromEnd: 'วันทำการที่ {n} นับจากสิ้นเดือน',
    shiftNext: 'ถ้าตรงวันหยุด: เลื่อนไปวันทำการถัดไป',
    shiftPrevious: 'ถ้าตรงวันหยุด: เลื่อนไปวันทำการก่อนหน้า',
  },
};
