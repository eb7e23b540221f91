import type { Messages } from '../../app/i18n/language';

type Keys =
  | 'open'
  | 'title'
  | 'keptNote'
  | 'to'
  | 'subject'
  | 'job'
  | 'condition'
  | 'status'
  | 'created'
  | 'sent'
  | 'view'
  | 'bodyTitle'
  | 'noData'
  | 'notSuccessful'
  | 'PENDING'
  | 'SENT'
  | 'FAILED'
  | 'KEPT';

/** The mail outbox (a modal of Email Content): status e-mails that runs queued. */
export const mailOutboxMessages: Messages<Keys> = {
  en: {
    open: 'Mail outbox',
    title: 'Mail outbox of {company}',
    keptNote:
      'E-mails marked Kept are not sent: the server has no SMTP server (LIS_SMTP_HOST). They are kept here to read.',
    to: 'To',
    subject: 'Subject',
    job: 'Legacy ID / Job instance',
    condition: 'Condition',
    status: 'Status',
    created: 'Created',
    sent: 'Sent',
    view: 'View',
    bodyTitle: 'E-mail {seq}',
    noData: 'No e-mails',
    notSuccessful: 'Not successful',
    PENDING: 'Pending',
    SENT: 'Sent',
    FAILED: 'Failed',
    KEPT: 'Kept',
  },
  th: {
    open: 'กล่องอีเมลขาออก',
    title: 'กล่องอีเมลขาออกของ {company}',
    keptNote: 'อีเมลที่มีสถานะ "เก็บไว้" จะไม่ถูกส่ง เนื่องจากเซิร์ฟเวอร์ไม่ได้ตั้งค่า SMTP (LIS_SMTP_HOST) จึงเก็บไว้ให้อ่านที่นี่',
    to: 'ถึง',
    subject: 'หัวเรื่อง',
    job: 'Legacy ID / Job instance',
    condition: 'เงื่อนไข',
    status: 'สถานะ',
    created: 'สร้างเมื่อ',
    sent: 'ส่งเมื่อ',
    view: 'ดู',
    bodyTitle: 'อีเมล {seq}',
    noData: 'ไม่มีอีเมล',
    notSuccessful: 'ไม่สำเร็จ',
    PENDING: 'รอส่ง',
    SENT: 'ส่งแล้ว',
    FAILED: 'ส่งไม่สำเร็จ',
    KEPT: 'เก็บไว้',
  },
};
