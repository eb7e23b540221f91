import type { Messages } from '../../platform/i18n/language';

type Keys =
  | 'monthView'
  | 'previousMonth'
  | 'nextMonth'
  | 'thisMonth'
  | 'legend'
  | 'excludedWhole'
  | 'excludedPartly'
  | 'included'
  | 'shownIn'
  | 'loading'
  | 'notAvailable'
  | 'failed'
  | 'incomplete'
  | 'dayLabel'
  | 'more'
  | 'SUN'
  | 'MON'
  | 'TUE'
  | 'WED'
  | 'THU'
  | 'FRI'
  | 'SAT';

export const monthViewMessages: Messages<Keys> = {
  en: {
    monthView: 'Month view',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    thisMonth: 'This month',
    legend: 'Legend',
    excludedWhole: 'Excluded all day',
    excludedPartly: 'Partly excluded',
    included: 'Included',
    shownIn: 'Times in {zone}',
    loading: 'Loading...',
    notAvailable: 'The month view is not available on this server yet.',
    failed: 'The month view cannot be shown: {message}',
    incomplete: 'Complete the calendar to see its month.',
    dayLabel: '{date}: {state}',
    more: '+{count} more',
    SUN: 'Sun',
    MON: 'Mon',
    TUE: 'Tue',
    WED: 'Wed',
    THU: 'Thu',
    FRI: 'Fri',
    SAT: 'Sat',
  },
  th: {
    monthView: 'มุมมองรายเดือน',
    previousMonth: 'เดือนก่อน',
    nextMonth: 'เดือนถัดไป',
    thisMonth: 'เดือนนี้',
    legend: 'คำอธิบายสัญลักษณ์',
    excludedWhole: 'ไม่ทำงานทั้งวัน',
    excludedPartly: 'ไม่ทำงานบางช่วงเวลา',
    included: 'ทำงานได้',
    shownIn: 'เวลาตามเขตเวลา {zone}',
    loading: 'กำลังโหลด...',
    notAvailable: 'เซิร์ฟเวอร์นี้ยังไม่รองรับมุมมองรายเดือน',
    failed: 'แสดงมุมมองรายเดือนไม่ได้: {message}',
    incomplete: 'กรอกข้อมูลปฏิทินให้ครบเพื่อดูมุมมองรายเดือน',
    dayLabel: '{date}: {state}',
    more: 'อีก {count} ช่วง',
    SUN: 'อา.',
    MON: 'จ.',
    TUE: 'อ.',
    WED: 'พ.',
    THU: 'พฤ.',
    FRI: 'ศ.',
    SAT: 'ส.',
  },
};
