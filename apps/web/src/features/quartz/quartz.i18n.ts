import type { Messages } from '../../platform/i18n/language';

type Keys =
  | 'title'
  | 'searchPanel'
  | 'legacyName'
  | 'companyCode'
  | 'legacyId'
  | 'lastFire'
  | 'nextFire'
  | 'completed'
  | 'index'
  | 'action'
  | 'reload'
  | 'loading'
  | 'noData'
  | 'total'
  | 'yes'
  | 'no'
  | 'stop'
  | 'resume'
  | 'stopped'
  | 'stoppedBy'
  | 'invalid'
  | 'suspended'
  | 'suspendedHelp'
  | 'inactive'
  | 'inactiveHelp'
  | 'stopTitle'
  | 'stopContent'
  | 'resumeTitle'
  | 'resumeContent'
  | 'stopDone'
  | 'resumeDone'
  | 'calendar'
  | 'calendarShared';

export const quartzMessages: Messages<Keys> = {
  en: {
    title: 'Quartz Monitor',
    searchPanel: 'Filter',
    legacyName: 'Legacy Name',
    companyCode: 'Company Code',
    legacyId: 'Legacy ID',
    lastFire: 'Last Fire',
    nextFire: 'Next Fire',
    completed: 'Completed',
    index: '#',
    action: 'Stop',
    reload: 'Reload',
    loading: 'Loading...',
    noData: 'No Data...',
    total: '{total} triggers',
    yes: 'Yes',
    no: 'No',
    stop: 'Stop',
    resume: 'Resume',
    stopped: 'Stopped',
    stoppedBy: 'Stopped by {user}',
    invalid: 'Invalid expression',
    suspended: 'Job suspended',
    suspendedHelp:
      'The job is suspended: its triggers do not fire until Continue on Report Legacy Monitoring.',
    inactive: 'Job off',
    inactiveHelp: 'The job is switched off (Is Active N): its triggers do not fire.',
    stopTitle: 'Stop this trigger?',
    stopContent: '{legacyId} ({company}) will not fire on “{expression}” until it is resumed.',
    resumeTitle: 'Resume this trigger?',
    resumeContent: '{legacyId} ({company}) fires again on “{expression}” from its next time after now.',
    stopDone: 'The trigger is stopped',
    resumeDone: 'The trigger runs again',
    calendar: 'Calendar',
    calendarShared: 'shared',
  },
  th: {
    // The screen's Thai name, as the menu shows it (screen-messages).
    title: 'ติดตามตารางเวลา Quartz',
    searchPanel: 'ตัวกรอง',
    legacyName: 'ชื่องาน (Legacy Name)',
    companyCode: 'รหัสบริษัท',
    legacyId: 'Legacy ID',
    lastFire: 'ทำงานครั้งล่าสุด',
    nextFire: 'ทำงานครั้งถัดไป',
    completed: 'เสร็จสิ้น',
    index: 'ลำดับ',
    action: 'หยุด',
    reload: 'โหลดใหม่',
    loading: 'กำลังโหลด...',
    noData: 'ไม่พบข้อมูล...',
    total: 'ตัวตั้งเวลา {total} รายการ',
    yes: 'ใช่',
    no: 'ไม่ใช่',
    stop: 'หยุด',
    resume: 'ทำงานต่อ',
    stopped: 'หยุดอยู่',
    stoppedBy: 'หยุดโดย {user}',
    invalid: 'นิพจน์ไม่ถูกต้อง',
    suspended: 'งานถูกระงับ',
    suspendedHelp: 'งานถูกระงับ: ตัวตั้งเวลาจะไม่ทำงานจนกว่าจะกด Continue ที่หน้ารายงานติดตามงาน Legacy',
    inactive: 'งานปิดอยู่',
    inactiveHelp: 'งานถูกปิดใช้งาน (Is Active เป็น N): ตัวตั้งเวลาจะไม่ทำงาน',
    stopTitle: 'ต้องการหยุดตัวตั้งเวลานี้หรือไม่?',
    stopContent: '{legacyId} ({company}) จะไม่ทำงานตาม “{expression}” จนกว่าจะสั่งให้ทำงานต่อ',
    resumeTitle: 'ต้องการให้ตัวตั้งเวลานี้ทำงานต่อหรือไม่?',
    resumeContent: '{legacyId} ({company}) จะกลับมาทำงานตาม “{expression}” นับจากเวลาถัดไปหลังจากนี้',
    stopDone: 'หยุดตัวตั้งเวลาแล้ว',
    resumeDone: 'ตัวตั้งเวลากลับมาทำงานแล้ว',
    calendar: 'ปฏิทิน',
    calendarShared: 'ใช้ร่วมกัน',
  },
};
