import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'companyCode'
  | 'chainJobId'
  | 'chainJobName'
  | 'anyCompany'
  | 'add'
  | 'jobList'
  | 'isActive'
  | 'importantJob'
  | 'importantJobHelp'
  | 'important'
  | 'cronTrigger'
  | 'active'
  | 'inactive'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'addTitle'
  | 'editTitle'
  | 'selectCompany'
  | 'chainIdInvalid'
  | 'chainNameRequired'
  | 'legacyId'
  | 'legacyName'
  | 'selectLegacy'
  | 'addRow'
  | 'removeRow'
  | 'members'
  | 'noJobs'
  | 'create'
  | 'successTitle'
  | 'saved'
  | 'deleted'
  | 'deleteContent'
  | 'no'
  | 'ok'
  | 'templateTitle'
  | 'templateLabel'
  | 'selectTemplate'
  | 'noContentTitle'
  | 'noContent'
  | 'exportFailed';

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const chainJobMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Chain Job Config',
    companyCode: 'Company Code',
    chainJobId: 'Chain Job ID',
    chainJobName: 'Chain Job Name',
    anyCompany: 'All my companies',
    add: 'Add Chain Job Config',
    jobList: 'Job List',
    isActive: 'Is Active',
    importantJob: 'ImportantJob',
    importantJobHelp: 'Marks the chain as important for operators; it does not change how the chain runs.',
    important: 'Important',
    cronTrigger: 'Cron Trigger',
    active: 'Active',
    inactive: 'Inactive',
    noData: 'No Data...',
    total: '{total} chain jobs',
    totalOne: '{total} chain job',
    addTitle: 'Add Chain Job Config',
    editTitle: 'Edit Chain Job Config: {id}',
    selectCompany: 'Select a company',
    chainIdInvalid: 'Please fill in Chain Job ID: letters, digits and . _ - only (up to 64 characters)',
    chainNameRequired: 'Please fill in Chain Job Name',
    legacyId: 'Legacy ID',
    legacyName: 'Legacy Name',
    selectLegacy: 'Select a job',
    addRow: 'Add Row',
    removeRow: 'Remove row {row}',
    members: 'Jobs, in running order',
    noJobs: 'No data',
    create: 'Create',
    successTitle: 'Success',
    saved: 'Saved data successfully',
    deleted: 'Deleted successfully',
    deleteContent: 'Do you want to delete chain job {id} of company {company}?',
    no: 'No',
    ok: 'OK',
    templateTitle: 'Create From Template',
    templateLabel: 'Chain job',
    selectTemplate: 'Select a chain job to copy',
    noContentTitle: 'No Content',
    noContent: 'No data found to export.',
    exportFailed: 'Cannot export',
  },
  th: {
    ...resourceMessages.th,
    title: 'ตั้งค่า Chain Job',
    companyCode: 'รหัสบริษัท',
    chainJobId: 'รหัสงานต่อเนื่อง (Chain Job ID)',
    chainJobName: 'ชื่อ Chain Job',
    anyCompany: 'ทุกบริษัทของฉัน',
    add: 'เพิ่มการตั้งค่า Chain Job',
    jobList: 'รายการงาน',
    isActive: 'เปิดใช้งาน',
    importantJob: 'งานสำคัญ (ImportantJob)',
    importantJobHelp: 'ทำเครื่องหมายว่า chain นี้สำคัญสำหรับผู้ดูแล ไม่เปลี่ยนวิธีการทำงานของ chain',
    important: 'สำคัญ',
    cronTrigger: 'ตารางเวลา (Cron Trigger)',
    active: 'เปิดใช้งาน',
    inactive: 'ปิดใช้งาน',
    noData: 'ไม่มีข้อมูล...',
    total: 'Chain Job {total} รายการ',
    totalOne: 'Chain Job {total} รายการ',
    addTitle: 'เพิ่มการตั้งค่า Chain Job',
    editTitle: 'แก้ไขการตั้งค่า Chain Job: {id}',
    selectCompany: 'เลือกบริษัท',
    chainIdInvalid: 'กรุณากรอก Chain Job ID: ใช้ได้เฉพาะตัวอักษร ตัวเลข และ . _ - (ไม่เกิน 64 ตัว)',
    chainNameRequired: 'กรุณากรอกชื่อ Chain Job',
    legacyId: 'Legacy ID',
    legacyName: 'ชื่อ Legacy',
    selectLegacy: 'เลือกงาน',
    addRow: 'เพิ่มแถว',
    removeRow: 'ลบแถวที่ {row}',
    members: 'งาน ตามลำดับการทำงาน',
    noJobs: 'ไม่มีข้อมูล',
    create: 'สร้าง',
    successTitle: 'สำเร็จ',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบ chain job {id} ของบริษัท {company} หรือไม่?',
    no: 'ไม่',
    ok: 'ตกลง',
    templateTitle: 'สร้างจากแม่แบบ',
    templateLabel: 'งานต่อเนื่อง',
    selectTemplate: 'เลือก chain job ที่จะคัดลอก',
    noContentTitle: 'ไม่มีข้อมูล',
    noContent: 'ไม่พบข้อมูลสำหรับส่งออก',
    exportFailed: 'ไม่สามารถส่งออกข้อมูลได้',
  },
};
