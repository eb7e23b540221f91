import type { Messages } from '../../platform/i18n/language';

type Keys =
  | 'title'
  | 'text'
  | 'remove'
  | 'confirmTitle'
  | 'confirmText'
  | 'cancel'
  | 'notSuccessful'
  | 'sftpTitle'
  | 'sftpAddress'
  | 'sftpUsername'
  | 'sftpPassword';

/** The notice of the examples of the first start (Employee Config, super_admin). */
export const demoMessages: Messages<Keys> = {
  en: {
    title: 'Examples of the first start',
    text: 'The DEMO company holds example jobs that run every minute against built-in peers (an sFTP folder under data/demo, a function server, a DMS and the mail outbox), with the users demo-admin and demo-operator. Remove it when you no longer need it.',
    remove: 'Remove demo',
    confirmTitle: 'Remove the demo?',
    confirmText:
      'The DEMO company, its jobs, runs, logs, kept files, e-mails, its users and the folder data/demo are deleted. This cannot be undone. The server keeps running.',
    cancel: 'Cancel',
    notSuccessful: 'Not successful',
    sftpTitle: 'Demo sFTP server (for an sFTP client on this machine):',
    sftpAddress: 'Address',
    sftpUsername: 'User name',
    sftpPassword: 'Password',
  },
  th: {
    title: 'ข้อมูลตัวอย่างจากการเริ่มใช้งานครั้งแรก',
    text: 'บริษัท DEMO มีงานตัวอย่างที่ทำงานทุกนาทีกับระบบจำลองในตัว (โฟลเดอร์ sFTP ใน data/demo, function server, DMS และกล่องอีเมลขาออก) พร้อมผู้ใช้ demo-admin และ demo-operator ลบออกได้เมื่อไม่ต้องการแล้ว',
    remove: 'ลบข้อมูลตัวอย่าง',
    confirmTitle: 'ลบข้อมูลตัวอย่างหรือไม่?',
    confirmText:
      'บริษัท DEMO งาน รายการรัน log ไฟล์ที่เก็บไว้ อีเมล ผู้ใช้ และโฟลเดอร์ data/demo จะถูกลบทั้งหมดและกู้คืนไม่ได้ เซิร์ฟเวอร์ยังคงทำงานต่อ',
    cancel: 'ยกเลิก',
    notSuccessful: 'ไม่สำเร็จ',
    sftpTitle: 'เซิร์ฟเวอร์ sFTP ตัวอย่าง (สำหรับโปรแกรม sFTP บนเครื่องนี้):',
    sftpAddress: 'ที่อยู่',
    sftpUsername: 'ชื่อผู้ใช้',
    sftpPassword: 'รหัสผ่าน',
  },
};
