import type { Messages } from '../platform/i18n/language';

const en = {
  index: '#',
  companyCode: 'Company Code',
  legacyId: 'Legacy ID',
  legacyName: 'Legacy Name',
  jobInstanceNo: 'Job Instanceno',
  jobStart: 'Job Start',
  jobFinished: 'Job Finished On',
  nextFire: 'Next Fire',
  step1: 'Load Files Status',
  step2: 'Call Function Status',
  step3: 'Return Files Status',
  step4: 'Function Status',
  step5: 'Conversion Status',
  sendEmail: 'Send Email Status',
  steps: 'Steps',
  stepsOf: 'Steps of {legacyId}',
  message: 'Message',
  loading: 'Loading...',
  noData: 'No Data...',
} as const;

const th: Record<keyof typeof en, string> = {
  index: 'ลำดับ',
  companyCode: 'รหัสบริษัท',
  legacyId: 'Legacy ID',
  legacyName: 'ชื่องาน (Legacy Name)',
  jobInstanceNo: 'เลขที่การทำงาน (Job Instanceno)',
  jobStart: 'เริ่มทำงาน',
  jobFinished: 'ทำงานเสร็จเมื่อ',
  nextFire: 'ทำงานครั้งถัดไป',
  step1: 'สถานะโหลดไฟล์',
  step2: 'สถานะเรียกฟังก์ชัน',
  step3: 'สถานะส่งไฟล์กลับ',
  step4: 'สถานะฟังก์ชัน',
  step5: 'สถานะแปลงข้อมูล',
  sendEmail: 'สถานะส่งอีเมล',
  steps: 'ขั้นตอน',
  stepsOf: 'ขั้นตอนของ {legacyId}',
  message: 'ข้อความ',
  loading: 'กำลังโหลด...',
  noData: 'ไม่พบข้อมูล...',
};

/**
 * The words of a table of runs as every run screen says them (the monitoring report, the task list,
 * the wall display): its columns and its empty states. A screen spreads them into its own messages and
 * names only what it says differently. In the kit, beside the run states' words, so that a screen's
 * messages stay a plain module (the browser suite reads them).
 */
export const runTableMessages: Messages<keyof typeof en> = { en, th };
