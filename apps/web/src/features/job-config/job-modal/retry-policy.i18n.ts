import type { Messages } from '../../../platform/i18n/language';

type Keys =
  | 'title'
  | 'mode'
  | 'mode_default'
  | 'mode_own'
  | 'help_default'
  | 'help_own'
  | 'attempts'
  | 'firstDelay'
  | 'factor'
  | 'maxDelay'
  | 'jitter'
  | 'seconds'
  | 'schedule';

/** The job form's retry policy (issue 36, docs/retries.md). */
export const retryPolicyMessages: Messages<Keys> = {
  en: {
    title: 'Retry policy',
    mode: 'When a step fails on a network error, a timeout or an HTTP 5xx',
    mode_default: "Use the company's default",
    mode_own: 'Retry with this policy',
    help_default:
      "The company's default policy applies (retries are off unless an administrator set one). 4xx answers, authentication failures and refused addresses are never retried.",
    help_own:
      'The step is tried again after each wait; when the attempts run out it stays ERROR. 4xx answers, authentication failures and refused addresses are never retried.',
    attempts: 'Attempts (first included)',
    firstDelay: 'First wait',
    factor: 'Each wait ×',
    maxDelay: 'Longest wait',
    jitter: 'Jitter ± %',
    seconds: 's',
    schedule: 'Waits: {waits}',
  },
  th: {
    title: 'นโยบายการลองใหม่',
    mode: 'เมื่อขั้นตอนล้มเหลวจากเครือข่าย หมดเวลา หรือ HTTP 5xx',
    mode_default: 'ใช้ค่าเริ่มต้นของบริษัท',
    mode_own: 'ลองใหม่ตามนโยบายนี้',
    help_default:
      'ใช้นโยบายเริ่มต้นของบริษัท (ปิดการลองใหม่ เว้นแต่ผู้ดูแลระบบตั้งไว้) คำตอบ 4xx การยืนยันตัวตนล้มเหลว และที่อยู่ที่ถูกปฏิเสธ จะไม่ลองใหม่',
    help_own:
      'ระบบจะลองขั้นตอนใหม่หลังรอแต่ละครั้ง เมื่อครบจำนวนครั้งแล้วขั้นตอนจะเป็น ERROR คำตอบ 4xx การยืนยันตัวตนล้มเหลว และที่อยู่ที่ถูกปฏิเสธ จะไม่ลองใหม่',
    attempts: 'จำนวนครั้ง (รวมครั้งแรก)',
    firstDelay: 'รอครั้งแรก',
    factor: 'แต่ละครั้งรอนานขึ้น ×',
    maxDelay: 'รอนานสุด',
    jitter: 'คลาดเคลื่อน ± %',
    seconds: 'วินาที',
    schedule: 'ระยะรอ: {waits}',
  },
};
