import type { Messages } from '../../platform/i18n/language';

const en = {
  title: 'Run history: {legacyId}',
  menuItem: 'Run history',
  jobInstanceNo: 'Job Instance No.',
  status: 'Status',
  started: 'Job Start',
  duration: 'Duration',
  filesInOut: 'Files in / out',
  startedBy: 'Started by',
  message: 'Message',
  byTrigger: 'Schedule (trigger)',
  byChain: 'Chain',
  byChainUser: 'Chain, by {user}',
  notStarted: 'Not started (queued {queued})',
  shown: 'The last {shown} of {total} runs',
  loading: 'Loading...',
  noData: 'No runs yet',
  close: 'Close',
} as const;

const th: Record<keyof typeof en, string> = {
  title: 'ประวัติการรัน: {legacyId}',
  menuItem: 'ประวัติการรัน',
  jobInstanceNo: 'เลขที่การรัน',
  status: 'สถานะ',
  started: 'เวลาเริ่มงาน',
  duration: 'ระยะเวลา',
  filesInOut: 'ไฟล์เข้า / ออก',
  startedBy: 'ผู้เริ่ม',
  message: 'ข้อความ',
  byTrigger: 'ตามตารางเวลา (ทริกเกอร์)',
  byChain: 'เชน',
  byChainUser: 'เชน โดย {user}',
  notStarted: 'ยังไม่เริ่ม (เข้าคิว {queued})',
  shown: '{shown} ครั้งล่าสุดจากทั้งหมด {total} ครั้ง',
  loading: 'กำลังโหลด...',
  noData: 'ยังไม่มีการรัน',
  close: 'ปิด',
};

/** A job's run history (issue 31 §8). */
export const runHistoryMessages: Messages<keyof typeof en> = { en, th };
