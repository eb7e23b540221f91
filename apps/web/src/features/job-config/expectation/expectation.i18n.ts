import type { Messages } from '../../../platform/i18n/language';
import type { ExpectationCheck } from './expectation-form';

type Keys =
  | ExpectationCheck
  | 'section'
  | 'enabled'
  | 'offHint'
  | 'deadline'
  | 'deadlineHint'
  | 'warnBefore'
  | 'warnHint'
  | 'minutes'
  | 'minFiles'
  | 'maxFiles'
  | 'maxFilesHint'
  | 'minSize'
  | 'minSizeHint'
  | 'bytes'
  | 'savedWithoutDeadline';

/** The job form's File deadline section (issue 35). */
export const expectationMessages: Messages<Keys> = {
  en: {
    section: 'File deadline',
    enabled: 'Expect files by a deadline',
    offHint: 'No deadline: nobody is told when this job’s files are late or missing.',
    deadline: 'Deadline',
    deadlineHint: 'Each day the job runs, in the server’s time zone ({zone}).',
    warnBefore: 'Warn before',
    warnHint: 'LATE this long before the deadline when nothing came (0: no warning).',
    minutes: 'min',
    minFiles: 'Min files',
    maxFiles: 'Max files',
    maxFilesHint: 'Empty: no upper limit.',
    minSize: 'Min size of each file',
    minSizeHint: 'In bytes: {size}.',
    bytes: 'bytes',
    deadlineRequired: 'please choose the deadline',
    warnInvalid: 'a whole number of minutes, 0 to 720',
    warnBeforeDay: 'the warning would come before the day starts',
    minFilesInvalid: 'a whole number, 1 to 100000',
    maxFilesInvalid: 'empty, or a whole number from 1 to 100000',
    maxBelowMin: 'cannot be below the minimum',
    minSizeInvalid: 'a whole number of bytes, 0 or more',
    savedWithoutDeadline: 'The job was saved, but its file deadline was not',
  },
  th: {
    section: 'กำหนดเวลาไฟล์',
    enabled: 'คาดว่าจะได้รับไฟล์ภายในกำหนดเวลา',
    offHint: 'ไม่มีกำหนดเวลา: จะไม่มีการแจ้งเตือนเมื่อไฟล์ของงานนี้ล่าช้าหรือไม่มา',
    deadline: 'กำหนดเวลา',
    deadlineHint: 'ทุกวันที่งานทำงาน ตามเขตเวลาของเซิร์ฟเวอร์ ({zone})',
    warnBefore: 'เตือนล่วงหน้า',
    warnHint: 'แจ้ง LATE ก่อนกำหนดเวลาเท่านี้ หากยังไม่มีไฟล์ (0: ไม่เตือน)',
    minutes: 'นาที',
    minFiles: 'จำนวนไฟล์ขั้นต่ำ',
    maxFiles: 'จำนวนไฟล์สูงสุด',
    maxFilesHint: 'เว้นว่าง: ไม่จำกัด',
    minSize: 'ขนาดขั้นต่ำของแต่ละไฟล์',
    minSizeHint: 'หน่วยเป็นไบต์: {size}',
    bytes: 'ไบต์',
    deadlineRequired: 'กรุณาเลือกกำหนดเวลา',
    warnInvalid: 'จำนวนนาทีเต็ม 0 ถึง 720',
    warnBeforeDay: 'การเตือนจะเกิดก่อนเริ่มวัน',
    minFilesInvalid: 'จำนวนเต็ม 1 ถึง 100000',
    maxFilesInvalid: 'เว้นว่าง หรือจำนวนเต็ม 1 ถึง 100000',
    maxBelowMin: 'ต้องไม่น้อยกว่าจำนวนขั้นต่ำ',
    minSizeInvalid: 'จำนวนไบต์เต็ม ตั้งแต่ 0 ขึ้นไป',
    savedWithoutDeadline: 'บันทึกงานแล้ว แต่ไม่ได้บันทึกกำหนดเวลาไฟล์',
  },
};
