import type { Messages } from '../../platform/i18n/language';
import { runTableMessages } from '../../ui/run-table.i18n';

const en = {
  ...runTableMessages.en,
  title: 'Monitoring Wall Display',
  companies: 'Companies: {codes}',
  allCompanies: 'All my companies',
  updated: 'Updated {time}',
  live: 'Live · refreshes every {seconds} s',
  jobs: 'Jobs',
  running: 'Running',
  error: 'Error',
  warning: 'Warning',
  suspended: 'Suspended',
  finishedToday: 'Finished today',
  // Shorter than the report's: the wall has less room per column.
  companyCode: 'Company',
  status: 'Status',
  problemsFirst: 'Jobs that need a look first',
  loadFailed: 'The list could not be loaded: {reason}. Trying again at the next refresh.',
};

type Keys = keyof typeof en;

export const wallMonitorMessages: Messages<Keys> = {
  en,
  th: {
    ...runTableMessages.th,
    title: 'จอแสดงผลการติดตามงาน',
    companies: 'บริษัท: {codes}',
    allCompanies: 'ทุกบริษัทของฉัน',
    updated: 'ปรับปรุงเมื่อ {time}',
    live: 'แสดงผลสด · รีเฟรชทุก {seconds} วินาที',
    jobs: 'งานทั้งหมด',
    running: 'กำลังทำงาน',
    error: 'ผิดพลาด',
    warning: 'คำเตือน',
    suspended: 'ถูกพักไว้',
    finishedToday: 'เสร็จวันนี้',
    // Shorter than the report's: the wall has less room per column.
    companyCode: 'บริษัท',
    legacyName: 'ชื่องาน',
    status: 'สถานะ',
    problemsFirst: 'งานที่ต้องตรวจสอบแสดงก่อน',
    loadFailed: 'โหลดรายการไม่สำเร็จ: {reason} จะลองใหม่ในการรีเฟรชครั้งถัดไป',
  },
};
