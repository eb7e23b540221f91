/** Messages of the business calendars (issue 34): their API, the triggers that name them, the .ics import. */
export const CALENDARS_MESSAGES = {
  calendarInvalid: { en: 'The calendar is not valid: {problem}', th: 'ปฏิทินไม่ถูกต้อง: {problem}' },
  calendarNotFound: {
    en: 'Calendar {name} was not found in company {company}',
    th: 'ไม่พบปฏิทิน {name} ในบริษัท {company}',
  },
  calendarExists: {
    en: 'Not successful: calendar {name} already exists in company {company}',
    th: 'ไม่สำเร็จ: ปฏิทิน {name} มีอยู่แล้วในบริษัท {company}',
  },
  calendarInUse: {
    en: 'Calendar {name} of company {company} is used by {users}: take it off their triggers first',
    th: 'ปฏิทิน {name} ของบริษัท {company} ถูกใช้โดย {users} กรุณานำออกจาก trigger เหล่านั้นก่อน',
  },
  calendarUser: {
    en: '{kind} {id} of company {company} (trigger {position})',
    th: '{kind} {id} ของบริษัท {company} (trigger ที่ {position})',
  },
  calendarUsersMore: { en: '{count} more', th: 'และอีก {count} รายการ' },
  calendarSharedForbidden: {
    en: 'Only a super_admin may change the shared calendars',
    th: 'เฉพาะ super_admin เท่านั้นที่แก้ไขปฏิทินที่ใช้ร่วมกันได้',
  },
  calendarUnknown: {
    en: 'Trigger {position} names calendar {name}, which is neither a calendar of company {company} nor a shared one',
    th: 'trigger ที่ {position} ระบุปฏิทิน {name} ซึ่งไม่ใช่ปฏิทินของบริษัท {company} และไม่ใช่ปฏิทินที่ใช้ร่วมกัน',
  },
  calendarNameInvalid: {
    en: 'Trigger {position} names {name}, which is not a calendar name',
    th: 'trigger ที่ {position} ระบุ {name} ซึ่งไม่ใช่ชื่อปฏิทิน',
  },
  triggerCalendarsTooMany: {
    en: '{count} calendars are named for {triggers} cron triggers: at most one per trigger',
    th: 'ระบุปฏิทิน {count} รายการสำหรับ cron trigger {triggers} รายการ: ได้ไม่เกินหนึ่งปฏิทินต่อ trigger',
  },
  calendarRuleInvalid: {
    en: 'Trigger {position} has the rule {rule}, which is not a business-day rule (nth=N with N from 1 to 23 or -1 to -23, shift=next, shift=previous)',
    th: 'trigger ที่ {position} มีกฎ {rule} ซึ่งไม่ใช่กฎวันทำการ (nth=N โดย N ตั้งแต่ 1 ถึง 23 หรือ -1 ถึง -23, shift=next, shift=previous)',
  },
  calendarRuleWithoutCalendar: {
    en: 'Trigger {position} has the rule {rule} but no calendar: write it after the calendar name (NAME;{rule})',
    th: 'trigger ที่ {position} มีกฎ {rule} แต่ไม่มีปฏิทิน: ให้เขียนกฎต่อท้ายชื่อปฏิทิน (ชื่อ;{rule})',
  },
  calendarRuleNthDays: {
    en: 'Trigger {position} ({expression}): {rule} needs * or ? in the day-of-month and day-of-week fields (got {dayOfMonth} and {dayOfWeek})',
    th: 'trigger ที่ {position} ({expression}): กฎ {rule} ต้องใช้ * หรือ ? ในช่องวันของเดือนและวันในสัปดาห์ (ได้ {dayOfMonth} และ {dayOfWeek})',
  },
  cronRuleInvalid: {
    en: '{rule} is not a business-day rule (nth=N with N from 1 to 23 or -1 to -23, shift=next, shift=previous)',
    th: '{rule} ไม่ใช่กฎวันทำการ (nth=N โดย N ตั้งแต่ 1 ถึง 23 หรือ -1 ถึง -23, shift=next, shift=previous)',
  },
  cronRuleWithoutCalendar: {
    en: 'The business-day rule {rule} needs a calendar',
    th: 'กฎวันทำการ {rule} ต้องใช้คู่กับปฏิทิน',
  },
  cronRuleNthDays: {
    en: '{rule} needs * or ? in the day-of-month and day-of-week fields of {expression}',
    th: 'กฎ {rule} ต้องใช้ * หรือ ? ในช่องวันของเดือนและวันในสัปดาห์ของ {expression}',
  },
  calendarPreviewMonthInvalid: {
    en: 'The month {month} is not a month (yyyy-mm, 1970 to 2199)',
    th: '{month} ไม่ใช่เดือนที่ถูกต้อง (yyyy-mm ระหว่างปี 1970 ถึง 2199)',
  },
  calendarDeleted: { en: 'Calendar {name} deleted', th: 'ลบปฏิทิน {name} แล้ว' },
  calendarImportNoFile: {
    en: 'Send an .ics file with the company code and the calendar name',
    th: 'กรุณาส่งไฟล์ .ics พร้อมรหัสบริษัทและชื่อปฏิทิน',
  },
  calendarImportNameInvalid: {
    en: 'The calendar name {name} is not valid: letters, digits, _ . - (up to 64)',
    th: 'ชื่อปฏิทิน {name} ไม่ถูกต้อง: ใช้ตัวอักษร ตัวเลข _ . - (ไม่เกิน 64 ตัว)',
  },
  calendarImportInvalid: {
    en: 'The file is not a valid iCalendar (.ics) file: {problem}',
    th: 'ไฟล์ไม่ใช่ไฟล์ iCalendar (.ics) ที่ถูกต้อง: {problem}',
  },
  calendarImportEmpty: {
    en: 'The file holds no all-day event ({skipped} timed events skipped)',
    th: 'ไฟล์ไม่มีกิจกรรมแบบทั้งวัน (ข้ามกิจกรรมที่ระบุเวลา {skipped} รายการ)',
  },
  calendarImportTooMany: {
    en: 'The file holds more than {max} holiday dates',
    th: 'ไฟล์มีวันหยุดมากกว่า {max} วัน',
  },
  calendarImported: {
    en: 'Calendar {name}: {count} holiday dates imported, {skipped} timed events skipped',
    th: 'ปฏิทิน {name}: นำเข้าวันหยุด {count} วัน ข้ามกิจกรรมที่ระบุเวลา {skipped} รายการ',
  },
} as const;
