import type { Messages } from '../../platform/i18n/language';

/** A run's send-email status (server: summariseMailStatus), its label and what it means. */
export const EMAIL_STATUSES = ['SUCCESS', 'ERROR', 'UNKNOWN', 'PENDING', 'KEPT'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

type Key = EmailStatus | `help${EmailStatus}`;

export const emailStatusMessages: Messages<Key> = {
  en: {
    SUCCESS: 'Success',
    ERROR: 'Error',
    UNKNOWN: 'Unknown',
    PENDING: 'Pending',
    KEPT: 'Kept',
    helpSUCCESS: 'The SMTP server accepted every e-mail of this run.',
    helpERROR: 'An e-mail of this run was certainly not delivered: refused, or every attempt failed.',
    helpUNKNOWN:
      'An e-mail went out but the SMTP server never confirmed it; it may have arrived, so LIS does not send it again by itself. An admin can resend it from the Mail outbox.',
    helpPENDING: 'An e-mail of this run is waiting to be sent, or being sent.',
    helpKEPT:
      'Not sent: no SMTP server is configured (LIS_SMTP_HOST). The e-mails are kept in the Mail outbox to read.',
  },
  th: {
    SUCCESS: 'สำเร็จ',
    ERROR: 'ผิดพลาด',
    UNKNOWN: 'ไม่ทราบผล',
    PENDING: 'รอส่ง',
    KEPT: 'เก็บไว้',
    helpSUCCESS: 'เซิร์ฟเวอร์ SMTP รับอีเมลทุกฉบับของการทำงานนี้แล้ว',
    helpERROR: 'อีเมลของการทำงานนี้ส่งไม่ถึงแน่นอน: ถูกปฏิเสธ หรือทุกครั้งที่ลองส่งล้มเหลว',
    helpUNKNOWN:
      'อีเมลถูกส่งออกไปแล้ว แต่เซิร์ฟเวอร์ SMTP ไม่เคยยืนยันการรับ ผู้รับอาจได้รับแล้ว LIS จึงไม่ส่งซ้ำเอง ผู้ดูแลระบบสามารถส่งอีกครั้งได้จากกล่องอีเมลขาออก',
    helpPENDING: 'อีเมลของการทำงานนี้กำลังรอส่งหรือกำลังส่งอยู่',
    helpKEPT: 'ไม่ได้ส่ง เนื่องจากไม่ได้ตั้งค่าเซิร์ฟเวอร์ SMTP (LIS_SMTP_HOST) อีเมลถูกเก็บไว้ในกล่องอีเมลขาออกให้อ่านได้',
  },
};
