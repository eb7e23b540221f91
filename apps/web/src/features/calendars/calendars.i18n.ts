import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'add'
  | 'importIcs'
  | 'search'
  | 'company'
  | 'sharedCompany'
  | 'shared'
  | 'name'
  | 'type'
  | 'description'
  | 'usedBy'
  | 'notUsed'
  | 'updated'
  | 'view'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'typeHoliday'
  | 'typeAnnual'
  | 'typeWeekly'
  | 'typeMonthly'
  | 'typeDaily'
  | 'typeCron'
  | 'baseChain'
  | 'addTitle'
  | 'editTitle'
  | 'viewTitle'
  | 'readOnlyShared'
  | 'timeZone'
  | 'timeZoneHint'
  | 'timeZoneTrigger'
  | 'dates'
  | 'addDate'
  | 'remove'
  | 'noDates'
  | 'days'
  | 'month'
  | 'day'
  | 'addDay'
  | 'weekdays'
  | 'monthDays'
  | 'monthDay'
  | 'from'
  | 'to'
  | 'timeHint'
  | 'invert'
  | 'invertHint'
  | 'expression'
  | 'expressionHint'
  | 'base'
  | 'baseHint'
  | 'baseNone'
  | 'chooseBase'
  | 'removeBase'
  | 'nameRequired'
  | 'nameInvalid'
  | 'timeInvalid'
  | 'expressionRequired'
  | 'saved'
  | 'deleted'
  | 'deleteContent'
  | 'importTitle'
  | 'file'
  | 'chooseFile'
  | 'fileRequired'
  | 'importButton'
  | 'importedTitle'
  | 'eventsRead'
  | 'eventsSkipped'
  | 'no'
  | 'usedByJob'
  | 'usedByChain'
  | 'replaceExisting';

export type CalendarMessageKey = Keys;

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const calendarMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Calendars',
    add: 'New calendar',
    importIcs: 'Import .ics',
    search: 'Calendars of a company',
    company: 'Company',
    sharedCompany: '* · Shared by every company',
    shared: 'shared',
    name: 'Name',
    type: 'Type',
    description: 'Description',
    usedBy: 'Used by',
    notUsed: 'not used',
    updated: 'Updated',
    view: 'View',
    noData: 'No Data...',
    total: '{total} calendars',
    totalOne: '{total} calendar',
    typeHoliday: 'Holiday dates',
    typeAnnual: 'Days of the year',
    typeWeekly: 'Weekdays',
    typeMonthly: 'Days of the month',
    typeDaily: 'Time of day',
    typeCron: 'Cron expression',
    baseChain: 'base: {chain}',
    addTitle: 'New calendar',
    editTitle: 'Edit calendar: {name}',
    viewTitle: 'Calendar: {name}',
    readOnlyShared: 'A shared calendar is changed by a super admin only.',
    timeZone: 'Time zone',
    timeZoneHint: "Empty: the calendar judges times in the trigger's time zone.",
    timeZoneTrigger: "The trigger's time zone",
    dates: 'Excluded dates',
    addDate: 'Add a date',
    remove: 'Remove {value}',
    noDates: 'None yet',
    days: 'Excluded days of every year',
    month: 'Month',
    day: 'Day',
    addDay: 'Add',
    weekdays: 'Excluded weekdays',
    monthDays: 'Excluded days of the month',
    monthDay: 'Day {day}',
    from: 'From (HH:MM:SS)',
    to: 'To (HH:MM:SS)',
    timeHint: 'From must be before To within the day.',
    invert: 'Include only this range',
    invertHint: 'Otherwise the range is excluded. A night such as 22:00–06:00 is 06:00–22:00 with this on.',
    expression: 'Cron expression',
    expressionHint: 'The instants it matches are excluded (Quartz syntax, seconds first).',
    base: 'Base calendar',
    baseHint: 'A time is included only if the base includes it too. The chosen calendar is copied in.',
    baseNone: 'No base calendar',
    chooseBase: 'Copy in a calendar as the base',
    removeBase: 'Remove the base calendar',
    nameRequired: 'please fill in the Name field',
    nameInvalid:
      'Name may contain only letters, digits, _ . and - and start with a letter or digit (up to 64)',
    timeInvalid: 'Write a time of day as HH:MM or HH:MM:SS',
    expressionRequired: 'please fill in the Cron expression field',
    saved: 'Data saved successfully',
    deleted: 'Data deleted successfully',
    deleteContent: 'Do you want to delete calendar {name} of {company}?',
    importTitle: 'Import holidays from an .ics file',
    file: 'iCalendar file (.ics)',
    chooseFile: 'Choose a file',
    fileRequired: 'please choose an .ics file',
    importButton: 'Import',
    importedTitle: 'Calendar {name} imported',
    eventsRead: 'All-day events read: {count}',
    eventsSkipped: 'Events skipped (not all-day): {count}',
    no: 'No',
    usedByJob: 'job {id}, trigger {position}',
    usedByChain: 'chain {id}, trigger {position}',
    replaceExisting: 'Replace the calendar of this name if it exists',
  },
  th: {
    ...resourceMessages.th,
    title: 'ปฏิทินวันหยุด',
    add: 'สร้างปฏิทินใหม่',
    importIcs: 'นำเข้าไฟล์ .ics',
    search: 'ปฏิทินของบริษัท',
    company: 'บริษัท',
    sharedCompany: '* · ใช้ร่วมกันทุกบริษัท',
    shared: 'ใช้ร่วมกัน',
    name: 'ชื่อ',
    type: 'ประเภท',
    description: 'คำอธิบาย',
    usedBy: 'ใช้โดย',
    notUsed: 'ยังไม่มีงานใช้',
    updated: 'แก้ไขล่าสุด',
    view: 'ดู',
    noData: 'ไม่พบข้อมูล...',
    total: 'ทั้งหมด {total} รายการ',
    totalOne: 'ทั้งหมด {total} รายการ',
    typeHoliday: 'วันหยุดตามวันที่',
    typeAnnual: 'วันที่ประจำทุกปี',
    typeWeekly: 'วันในสัปดาห์',
    typeMonthly: 'วันที่ของเดือน',
    typeDaily: 'ช่วงเวลาของวัน',
    typeCron: 'นิพจน์ Cron',
    baseChain: 'ปฏิทินฐาน: {chain}',
    addTitle: 'สร้างปฏิทินใหม่',
    editTitle: 'แก้ไขปฏิทิน: {name}',
    viewTitle: 'ปฏิทิน: {name}',
    readOnlyShared: 'ปฏิทินที่ใช้ร่วมกันแก้ไขได้โดย super admin เท่านั้น',
    timeZone: 'เขตเวลา',
    timeZoneHint: 'เว้นว่าง: ใช้เขตเวลาของทริกเกอร์',
    timeZoneTrigger: 'เขตเวลาของทริกเกอร์',
    dates: 'วันที่ที่ไม่ทำงาน',
    addDate: 'เพิ่มวันที่',
    remove: 'นำ {value} ออก',
    noDates: 'ยังไม่มี',
    days: 'วันที่ที่ไม่ทำงานของทุกปี',
    month: 'เดือน',
    day: 'วันที่',
    addDay: 'เพิ่ม',
    weekdays: 'วันในสัปดาห์ที่ไม่ทำงาน',
    monthDays: 'วันที่ของเดือนที่ไม่ทำงาน',
    monthDay: 'วันที่ {day}',
    from: 'ตั้งแต่ (HH:MM:SS)',
    to: 'ถึง (HH:MM:SS)',
    timeHint: 'เวลาเริ่มต้องมาก่อนเวลาสิ้นสุดภายในวันเดียวกัน',
    invert: 'ทำงานเฉพาะในช่วงเวลานี้',
    invertHint: 'หากไม่เลือก จะไม่ทำงานในช่วงเวลานี้ ช่วงกลางคืนเช่น 22:00–06:00 ให้กรอก 06:00–22:00 แล้วเลือกข้อนี้',
    expression: 'นิพจน์ Cron',
    expressionHint: 'เวลาที่ตรงกับนิพจน์จะไม่ทำงาน (รูปแบบ Quartz เริ่มที่วินาที)',
    base: 'ปฏิทินฐาน',
    baseHint: 'เวลาหนึ่งจะทำงานได้เมื่อปฏิทินฐานอนุญาตด้วย ระบบจะคัดลอกปฏิทินที่เลือกมาไว้ที่นี่',
    baseNone: 'ไม่มีปฏิทินฐาน',
    chooseBase: 'คัดลอกปฏิทินมาเป็นปฏิทินฐาน',
    removeBase: 'นำปฏิทินฐานออก',
    nameRequired: 'กรุณากรอกข้อมูลช่องชื่อ',
    nameInvalid: 'ชื่อใช้ได้เฉพาะตัวอักษร ตัวเลข _ . และ - และต้องขึ้นต้นด้วยตัวอักษรหรือตัวเลข (ไม่เกิน 64 ตัว)',
    timeInvalid: 'กรุณากรอกเวลาในรูปแบบ HH:MM หรือ HH:MM:SS',
    expressionRequired: 'กรุณากรอกข้อมูลช่องนิพจน์ Cron',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบปฏิทิน {name} ของ {company} หรือไม่?',
    importTitle: 'นำเข้าวันหยุดจากไฟล์ .ics',
    file: 'ไฟล์ iCalendar (.ics)',
    chooseFile: 'เลือกไฟล์',
    fileRequired: 'กรุณาเลือกไฟล์ .ics',
    importButton: 'นำเข้า',
    importedTitle: 'นำเข้าปฏิทิน {name} แล้ว',
    eventsRead: 'จำนวนกิจกรรมทั้งวันที่อ่านได้: {count}',
    eventsSkipped: 'จำนวนกิจกรรมที่ข้าม (ไม่ใช่ทั้งวัน): {count}',
    no: 'ไม่ใช่',
    usedByJob: 'งาน {id} ทริกเกอร์ {position}',
    usedByChain: 'งานต่อเนื่อง {id} ทริกเกอร์ {position}',
    replaceExisting: 'แทนที่ปฏิทินชื่อเดียวกันหากมีอยู่แล้ว',
  },
};

/** Day names, Sunday first (the order of WEEKDAYS). */
export const weekdayMessages: Messages<'SUN' | 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT'> = {
  en: {
    SUN: 'Sunday',
    MON: 'Monday',
    TUE: 'Tuesday',
    WED: 'Wednesday',
    THU: 'Thursday',
    FRI: 'Friday',
    SAT: 'Saturday',
  },
  th: { SUN: 'อาทิตย์', MON: 'จันทร์', TUE: 'อังคาร', WED: 'พุธ', THU: 'พฤหัสบดี', FRI: 'ศุกร์', SAT: 'เสาร์' },
};
