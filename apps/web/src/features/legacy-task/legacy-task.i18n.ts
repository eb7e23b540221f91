import type { Messages } from '../../platform/i18n/language';
import { runTableMessages } from '../../ui/run-table.i18n';

const en = {
  ...runTableMessages.en,
  title: 'Report Legacy Task Monitoring',
  status: 'Status',
  startFrom: 'Job Start From',
  startTo: 'Job Start To',
  export: 'Export',
  exportHint: 'Every run started in the Job Start dates, as an Excel workbook',
  monitor: 'Monitor',
  openMonitor: 'Open the detail of {jobNo}',
  statusLatest: 'Status (latest)',
  step4: 'Function status',
  startedOn: 'Started {time}',
  // A row is a run: its strip is named by the run's number.
  stepsOf: 'Steps of {jobNo}',
  columns: 'Columns',
  totalOne: '{total} run',
  totalOther: '{total} runs',
  firstPage: 'First page',
  lastPage: 'Last page',
  selectDateTitle: 'Warning',
  selectDate: 'Please select a date (Job Start From) before exporting.',
  notFoundTitle: 'Data not found',
  notFound: 'No run started in these dates.',
  exportFailedTitle: 'Error',
  exportFailed: 'An error occurred fetching data: {reason}',
  ok: 'OK',
};

type Keys = keyof typeof en;

export const TOTAL_KEYS = { one: 'totalOne', other: 'totalOther' } as const;

export const legacyTaskMessages: Messages<Keys> = {
  en,
  th: {
    ...runTableMessages.th,
    title: 'รายงานติดตามสถานะงาน Legacy',
    status: 'สถานะ',
    startFrom: 'เริ่มทำงานตั้งแต่',
    startTo: 'เริ่มทำงานถึง',
    export: 'ส่งออก',
    exportHint: 'ทุกการทำงานที่เริ่มในช่วงวันที่ที่เลือก เป็นไฟล์ Excel',
    monitor: 'ติดตาม',
    openMonitor: 'เปิดรายละเอียดของ {jobNo}',
    statusLatest: 'สถานะ (ล่าสุด)',
    startedOn: 'เริ่ม {time}',
    stepsOf: 'ขั้นตอนของ {jobNo}',
    columns: 'คอลัมน์',
    totalOne: '{total} รายการ',
    totalOther: '{total} รายการ',
    firstPage: 'หน้าแรก',
    lastPage: 'หน้าสุดท้าย',
    selectDateTitle: 'ระวัง!',
    selectDate: 'กรุณาเลือกวันที่ (เริ่มทำงานตั้งแต่) ก่อนส่งออก',
    notFoundTitle: 'ไม่พบข้อมูล',
    notFound: 'ไม่มีการทำงานที่เริ่มในช่วงวันที่นี้',
    exportFailedTitle: 'ข้อผิดพลาด',
    exportFailed: 'เกิดข้อผิดพลาดในการดึงข้อมูล: {reason}',
    ok: 'ตกลง',
  },
};
