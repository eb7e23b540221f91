import type { Messages } from '../../platform/i18n/language';

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
  | 'attempts'
  | 'lastError'
  | 'unknownNote'
  | 'resend'
  | 'resendTitle'
  | 'resendText'
  | 'cancel'
  | 'PENDING'
  | 'SENDING'
  | 'SENT'
  | 'UNKNOWN'
  | 'FAILED'
  | 'KEPT'
  | 'helpPENDING'
  | 'helpSENDING'
  | 'helpSENT'
  | 'helpUNKNOWN'
  | 'helpFAILED'
  | 'helpKEPT'
  | 'statusFilter'
  | 'allStatuses'
  | 'dateFrom'
  | 'dateTo'
  | 'datePlaceholder';

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
    attempts: 'Attempts',
    lastError: 'Last error',
    unknownNote:
      'E-mails marked Unknown went out in full, but the SMTP server did not confirm them in time: the recipients may have them. LIS does not send them again by itself; check with the mail server, then use Resend only if they did not arrive.',
    resend: 'Resend',
    resendTitle: 'Send e-mail {seq} again?',
    resendText:
      'The SMTP server may already have this e-mail. Sent again, it keeps its Message-ID, but recipients may still get it twice.',
    cancel: 'Cancel',
    PENDING: 'Pending',
    SENDING: 'Sending',
    SENT: 'Sent',
    UNKNOWN: 'Unknown',
    FAILED: 'Failed',
    KEPT: 'Kept',
    helpPENDING: 'Waiting to be sent; retried after a failure in which the message certainly did not go out.',
    helpSENDING: 'A server node is talking to the SMTP server now.',
    helpSENT: 'The SMTP server accepted the e-mail.',
    helpUNKNOWN:
      'The whole e-mail went out, but the SMTP server never confirmed it (no reply in time, or the connection broke). The server may have it, so LIS does not send it again by itself.',
    helpFAILED:
      'Certainly not delivered: the SMTP server refused it, or every attempt failed before it went out.',
    helpKEPT: 'Not sent: no SMTP server is configured (LIS_SMTP_HOST).',
    statusFilter: 'Status',
    allStatuses: 'All statuses',
    dateFrom: 'Created from',
    dateTo: 'Created to',
    datePlaceholder: 'dd/mm/yyyy',
  },
  th: {
    open: 'กล่องอีเมลขาออก',
    title: 'กล่องอีเมลขาออกของ {company}',
    keptNote: 'อีเมลที่มีสถานะ "เก็บไว้" จะไม่ถูกส่ง เนื่องจากเซิร์ฟเวอร์ไม่ได้ตั้งค่า SMTP (LIS_SMTP_HOST) จึงเก็บไว้ให้อ่านที่นี่',
    to: 'ถึง',
    subject: 'หัวเรื่อง',
    job: 'Legacy ID / รอบงาน',
    condition: 'เงื่อนไข',
    status: 'สถานะ',
    created: 'สร้างเมื่อ',
    sent: 'ส่งเมื่อ',
    view: 'ดู',
    bodyTitle: 'อีเมล {seq}',
    noData: 'ไม่มีอีเมล',
    notSuccessful: 'ไม่สำเร็จ',
    attempts: 'จำนวนครั้งที่ส่ง',
    lastError: 'ข้อผิดพลาดล่าสุด',
    unknownNote:
      'อีเมลที่มีสถานะ "ไม่ทราบผล" ถูกส่งออกไปครบทั้งฉบับแล้ว แต่เซิร์ฟเวอร์ SMTP ไม่ได้ยืนยันการรับภายในเวลาที่กำหนด ผู้รับจึงอาจได้รับอีเมลแล้ว LIS จะไม่ส่งซ้ำเอง กรุณาตรวจสอบกับเซิร์ฟเวอร์อีเมลก่อน แล้วจึงกด "ส่งอีกครั้ง" เฉพาะเมื่ออีเมลไม่ถึงผู้รับ',
    resend: 'ส่งอีกครั้ง',
    resendTitle: 'ส่งอีเมล {seq} อีกครั้งหรือไม่?',
    resendText: 'เซิร์ฟเวอร์ SMTP อาจได้รับอีเมลฉบับนี้แล้ว การส่งอีกครั้งจะใช้ Message-ID เดิม แต่ผู้รับอาจยังได้รับอีเมลซ้ำสองฉบับ',
    cancel: 'ยกเลิก',
    PENDING: 'รอส่ง',
    SENDING: 'กำลังส่ง',
    SENT: 'ส่งแล้ว',
    UNKNOWN: 'ไม่ทราบผล',
    FAILED: 'ส่งไม่สำเร็จ',
    KEPT: 'เก็บไว้',
    helpPENDING: 'รอส่ง จะลองส่งใหม่เมื่อการส่งครั้งก่อนล้มเหลวโดยที่อีเมลยังไม่ได้ถูกส่งออกไปแน่นอน',
    helpSENDING: 'โหนดของเซิร์ฟเวอร์กำลังติดต่อกับเซิร์ฟเวอร์ SMTP อยู่',
    helpSENT: 'เซิร์ฟเวอร์ SMTP รับอีเมลแล้ว',
    helpUNKNOWN:
      'อีเมลถูกส่งออกไปครบทั้งฉบับแล้ว แต่เซิร์ฟเวอร์ SMTP ไม่เคยยืนยันการรับ (ไม่ตอบกลับภายในเวลาที่กำหนด หรือการเชื่อมต่อขาด) เซิร์ฟเวอร์อาจได้รับอีเมลแล้ว LIS จึงไม่ส่งซ้ำเอง',
    helpFAILED: 'ส่งไม่ถึงแน่นอน: เซิร์ฟเวอร์ SMTP ปฏิเสธ หรือทุกครั้งที่ลองส่งล้มเหลวก่อนที่อีเมลจะถูกส่งออกไป',
    helpKEPT: 'ไม่ได้ส่ง เนื่องจากไม่ได้ตั้งค่าเซิร์ฟเวอร์ SMTP (LIS_SMTP_HOST)',
    statusFilter: 'สถานะ',
    allStatuses: 'ทุกสถานะ',
    dateFrom: 'สร้างตั้งแต่วันที่',
    dateTo: 'สร้างถึงวันที่',
    datePlaceholder: 'วว/ดด/ปปปป',
  },
};
