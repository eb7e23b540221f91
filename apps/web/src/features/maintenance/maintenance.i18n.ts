import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'add'
  | 'search'
  | 'company'
  | 'allCompanies'
  | 'allCompaniesTag'
  | 'name'
  | 'description'
  | 'enabled'
  | 'disabled'
  | 'schedule'
  | 'state'
  | 'updated'
  | 'view'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'kind'
  | 'kindOnce'
  | 'kindRecurring'
  | 'onceSpan'
  | 'recurringSpan'
  | 'inZone'
  | 'activeUntil'
  | 'nextStart'
  | 'noStartLeft'
  | 'off'
  | 'addTitle'
  | 'editTitle'
  | 'viewTitle'
  | 'readOnlyAll'
  | 'from'
  | 'to'
  | 'timesIn'
  | 'cron'
  | 'cronHint'
  | 'buildCron'
  | 'duration'
  | 'minutes'
  | 'durationHint'
  | 'timeZone'
  | 'timeZoneServer'
  | 'hours'
  | 'minutesShort'
  | 'nameRequired'
  | 'nameInvalid'
  | 'fromRequired'
  | 'toRequired'
  | 'toBeforeFrom'
  | 'tooLong'
  | 'cronRequired'
  | 'durationRequired'
  | 'saved'
  | 'deleted'
  | 'deleteContent'
  | 'no';

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const maintenanceMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Maintenance Windows',
    add: 'New maintenance window',
    search: 'Maintenance windows of a company',
    company: 'Company',
    allCompanies: '* · Every company',
    allCompaniesTag: 'every company',
    name: 'Name',
    description: 'Description',
    enabled: 'Enabled',
    disabled: 'Disabled',
    schedule: 'When',
    state: 'State',
    updated: 'Updated',
    view: 'View',
    noData: 'No Data...',
    total: '{total} maintenance windows',
    totalOne: '{total} maintenance window',
    kind: 'Kind',
    kindOnce: 'One-off',
    kindRecurring: 'Recurring',
    onceSpan: '{from} → {to}',
    recurringSpan: 'each start, for {duration}',
    inZone: 'in {zone}',
    activeUntil: 'Active until {until}',
    nextStart: 'Next start {start}',
    noStartLeft: 'No start left',
    off: 'Switched off',
    addTitle: 'New maintenance window',
    editTitle: 'Edit maintenance window: {name}',
    viewTitle: 'Maintenance window: {name}',
    readOnlyAll: 'A window of every company is changed by a super admin only.',
    from: 'Starts',
    to: 'Ends',
    timesIn: 'Times in {zone}',
    cron: 'Start (cron expression)',
    cronHint: 'Each fire time of this Quartz expression starts a window.',
    buildCron: 'Build…',
    duration: 'Duration',
    minutes: 'minutes',
    durationHint: 'At most 7 days (10080 minutes).',
    timeZone: 'Time zone of the expression',
    timeZoneServer: 'The server’s ({zone})',
    hours: '{h} h',
    minutesShort: '{m} min',
    nameRequired: 'please fill in the Name field',
    nameInvalid:
      'Name may contain only letters, digits, _ . and - and start with a letter or digit (up to 64)',
    fromRequired: 'please choose when the window starts',
    toRequired: 'please choose when the window ends',
    toBeforeFrom: 'The end must come after the start',
    tooLong: 'A one-off window lasts at most {days} days',
    cronRequired: 'please fill in the cron expression',
    durationRequired: 'please fill in the duration (1 to 10080 minutes)',
    saved: 'Data saved successfully',
    deleted: 'Data deleted successfully',
    deleteContent: 'Do you want to delete maintenance window {name} of {company}?',
    no: 'No',
  },
  th: {
    ...resourceMessages.th,
    title: 'ช่วงบำรุงรักษา',
    add: 'สร้างช่วงบำรุงรักษาใหม่',
    search: 'ช่วงบำรุงรักษาของบริษัท',
    company: 'บริษัท',
    allCompanies: '* · ทุกบริษัท',
    allCompaniesTag: 'ทุกบริษัท',
    name: 'ชื่อ',
    description: 'คำอธิบาย',
    enabled: 'เปิดใช้งาน',
    disabled: 'ปิดใช้งาน',
    schedule: 'ช่วงเวลา',
    state: 'สถานะ',
    updated: 'แก้ไขล่าสุด',
    view: 'ดู',
    noData: 'ไม่พบข้อมูล...',
    total: 'ทั้งหมด {total} รายการ',
    totalOne: 'ทั้งหมด {total} รายการ',
    kind: 'รูปแบบ',
    kindOnce: 'ครั้งเดียว',
    kindRecurring: 'เกิดซ้ำ',
    onceSpan: '{from} → {to}',
    recurringSpan: 'ทุกครั้งที่เริ่ม นาน {duration}',
    inZone: 'เขตเวลา {zone}',
    activeUntil: 'กำลังบำรุงรักษาถึง {until}',
    nextStart: 'เริ่มครั้งถัดไป {start}',
    noStartLeft: 'ไม่มีรอบที่จะเริ่มอีก',
    off: 'ปิดใช้งานอยู่',
    addTitle: 'สร้างช่วงบำรุงรักษาใหม่',
    editTitle: 'แก้ไขช่วงบำรุงรักษา: {name}',
    viewTitle: 'ช่วงบำรุงรักษา: {name}',
    readOnlyAll: 'ช่วงบำรุงรักษาของทุกบริษัทแก้ไขได้โดย super admin เท่านั้น',
    from: 'เริ่ม',
    to: 'สิ้นสุด',
    timesIn: 'เวลาตามเขตเวลา {zone}',
    cron: 'เวลาเริ่ม (นิพจน์ Cron)',
    cronHint: 'ทุกเวลาที่ตรงกับนิพจน์ Quartz นี้จะเริ่มช่วงบำรุงรักษา',
    buildCron: 'สร้างนิพจน์…',
    duration: 'ระยะเวลา',
    minutes: 'นาที',
    durationHint: 'ไม่เกิน 7 วัน (10080 นาที)',
    timeZone: 'เขตเวลาของนิพจน์',
    timeZoneServer: 'ของเซิร์ฟเวอร์ ({zone})',
    hours: '{h} ชม.',
    minutesShort: '{m} นาที',
    nameRequired: 'กรุณากรอกข้อมูลช่องชื่อ',
    nameInvalid: 'ชื่อใช้ได้เฉพาะตัวอักษร ตัวเลข _ . และ - และต้องขึ้นต้นด้วยตัวอักษรหรือตัวเลข (ไม่เกิน 64 ตัว)',
    fromRequired: 'กรุณาเลือกเวลาเริ่ม',
    toRequired: 'กรุณาเลือกเวลาสิ้นสุด',
    toBeforeFrom: 'เวลาสิ้นสุดต้องอยู่หลังเวลาเริ่ม',
    tooLong: 'ช่วงบำรุงรักษาแบบครั้งเดียวยาวได้ไม่เกิน {days} วัน',
    cronRequired: 'กรุณากรอกนิพจน์ Cron',
    durationRequired: 'กรุณากรอกระยะเวลา (1 ถึง 10080 นาที)',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบช่วงบำรุงรักษา {name} ของ {company} หรือไม่?',
    no: 'ไม่ใช่',
  },
};
