import type { Messages } from '../../platform/i18n/language';

const en = {
  levels: 'Level',
  allLevels: 'All levels',
  search: 'Find in these lines',
  shown: '{shown} of {loaded} lines shown',
  copy: 'Copy lines',
  copied: '{count} lines copied',
  copyFailed: 'The lines could not be copied',
  scope: 'Filters the lines loaded on this page.',
} as const;

const th: Record<keyof typeof en, string> = {
  levels: 'ระดับ',
  allLevels: 'ทุกระดับ',
  search: 'ค้นหาในบรรทัดเหล่านี้',
  shown: 'แสดง {shown} จาก {loaded} บรรทัด',
  copy: 'คัดลอกบรรทัด',
  copied: 'คัดลอกแล้ว {count} บรรทัด',
  copyFailed: 'คัดลอกบรรทัดไม่สำเร็จ',
  scope: 'กรองเฉพาะบรรทัดที่โหลดในหน้านี้',
};

/** The searchable log's bar (issue 31 §8). */
export const logFilterMessages: Messages<keyof typeof en> = { en, th };
