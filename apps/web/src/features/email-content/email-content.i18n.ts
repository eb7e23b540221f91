import type { EmailCondition } from '@lis/contracts';
import type { Messages } from '../../platform/i18n/language';

type Keys =
  | 'title'
  | 'company'
  | 'selectCompany'
  | 'noCompany'
  | EmailCondition
  | 'subject'
  | 'body'
  | 'bodyHint'
  | 'variables'
  | 'insertHint'
  | 'preview'
  | 'previewTitle'
  | 'previewSubject'
  | 'previewRendered'
  | 'previewSource'
  | 'previewNote'
  | 'sampleMessage'
  | 'save'
  | 'reload'
  | 'close'
  | 'saved'
  | 'notSuccessful'
  | 'loading'
  | 'noData'
  | 'unsaved';

export type EmailMessageKey = Keys;

export const emailMessages: Messages<Keys> = {
  en: {
    title: 'Email Content',
    company: 'Company',
    selectCompany: 'Select a company',
    noCompany: 'Select a company to edit its e-mail content.',
    finished: 'Job Finished',
    warning: 'Job Warning',
    error: 'Job Error',
    function_error: 'Function Error',
    subject: 'Subject',
    body: 'Body (HTML)',
    bodyHint: 'HTML of the e-mail body. The preview shows it with sample values; scripts never run there.',
    variables: 'Template variables',
    insertHint: 'Click a variable to insert it where the cursor is (subject or body).',
    preview: 'Preview',
    previewTitle: 'Preview: {condition}',
    previewSubject: 'Subject',
    previewRendered: 'Rendered',
    previewSource: 'HTML source',
    previewNote: 'Sample values are used for the variables. Scripts and remote images are blocked.',
    sampleMessage: 'Sample message: 3 files transferred, 0 errors',
    save: 'Save',
    reload: 'Reload',
    close: 'Close',
    saved: 'Saved data successfully',
    notSuccessful: 'Not successful',
    loading: 'Loading...',
    noData: 'No Data...',
    unsaved: 'Unsaved changes',
  },
  th: {
    title: 'เนื้อหาอีเมล',
    company: 'บริษัท',
    selectCompany: 'เลือกบริษัท',
    noCompany: 'เลือกบริษัทเพื่อแก้ไขเนื้อหาอีเมล',
    finished: 'งานเสร็จสมบูรณ์',
    warning: 'งานมีคำเตือน',
    error: 'งานผิดพลาด',
    function_error: 'ฟังก์ชันผิดพลาด',
    subject: 'หัวเรื่อง',
    body: 'เนื้อหา (HTML)',
    bodyHint: 'HTML ของเนื้อหาอีเมล ตัวอย่างจะแสดงด้วยค่าตัวอย่าง และสคริปต์จะไม่ถูกเรียกใช้',
    variables: 'ตัวแปรแม่แบบ',
    insertHint: 'คลิกตัวแปรเพื่อแทรกที่ตำแหน่งเคอร์เซอร์ (หัวเรื่องหรือเนื้อหา)',
    preview: 'ดูตัวอย่าง',
    previewTitle: 'ตัวอย่าง: {condition}',
    previewSubject: 'หัวเรื่อง',
    previewRendered: 'แสดงผล',
    previewSource: 'ซอร์ส HTML',
    previewNote: 'ตัวแปรถูกแทนด้วยค่าตัวอย่าง สคริปต์และรูปภาพจากภายนอกถูกบล็อก',
    sampleMessage: 'ข้อความตัวอย่าง: โอนไฟล์ 3 ไฟล์ ไม่มีข้อผิดพลาด',
    save: 'บันทึก',
    reload: 'โหลดใหม่',
    close: 'ปิด',
    saved: 'บันทึกข้อมูลสำเร็จ',
    notSuccessful: 'ไม่สำเร็จ',
    loading: 'กำลังโหลด...',
    noData: 'ไม่มีข้อมูล...',
    unsaved: 'มีการแก้ไขที่ยังไม่บันทึก',
  },
};
