import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  // Pull Job Config: list and search
  | 'title'
  | 'sid'
  | 'companyCode'
  | 'legacyId'
  | 'legacyName'
  | 'legacyType'
  | 'apiServerId'
  | 'apiClassName'
  | 'apiFunctionName'
  | 'isActive'
  | 'cronTrigger'
  | 'add'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'anyCompany'
  // Dialogs
  | 'success'
  | 'savedSuccessfully'
  | 'deletedSuccessfully'
  | 'deleteContent'
  | 'no'
  | 'create'
  | 'warningTitle'
  // Template modal
  | 'templateTitle'
  | 'templateLabel'
  | 'templatePlaceholder'
  // Form modal
  | 'addTitle'
  | 'editTitle'
  | 'sectionLegacy'
  | 'sectionApiServer'
  | 'importantJob'
  | 'suspendWhenError'
  | 'suspendWhenWarning'
  | 'legacyCriteria'
  | 'selectCompany'
  | 'fillSidAndCompany'
  | 'testConnection'
  | 'companyRequired'
  | 'legacyIdRequired'
  | 'legacyIdInvalid'
  | 'legacyNameRequired'
  | 'emailFinished'
  | 'emailWarning'
  | 'emailError'
  | 'emailFunctionError'
  // Pull Job Config Log
  | 'logTitle'
  | 'rowNumber'
  | 'lastPull'
  | 'lastStatus'
  | 'refresh'
  | 'noUserTitle'
  | 'noUserText';

export type PullJobMessageKey = Keys;

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const pullJobMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Pull Job Config',
    sid: 'SID',
    companyCode: 'Company Code',
    legacyId: 'Legacy ID',
    legacyName: 'Legacy Name',
    legacyType: 'Legacy Type',
    apiServerId: 'API Server ID',
    apiClassName: 'Api Class Name',
    apiFunctionName: 'Api Function Name',
    isActive: 'Is Active',
    cronTrigger: 'Cron Trigger',
    add: 'Add Pull Job Config',
    noData: 'No Data...',
    total: '{total} pull jobs',
    totalOne: '{total} pull job',
    anyCompany: 'All my companies',
    success: 'Success',
    savedSuccessfully: 'Saved data successfully',
    deletedSuccessfully: 'Deleted data successfully',
    deleteContent: 'Do you want to delete pull job {id} of company {company}?',
    no: 'No',
    create: 'Create',
    warningTitle: 'Please fill in complete data',
    templateTitle: 'Create From Template',
    templateLabel: 'Template (an existing pull job)',
    templatePlaceholder: 'Select a pull job',
    addTitle: 'Add Pull Job Config',
    editTitle: 'Edit Pull Job Config: {id}',
    sectionLegacy: 'Legacy',
    sectionApiServer: 'API Server',
    importantJob: 'ImportantJob',
    suspendWhenError: 'Suspend When Error',
    suspendWhenWarning: 'Suspend When Warning',
    legacyCriteria: 'Start After Legacy ID List Success',
    selectCompany: 'Select a company',
    fillSidAndCompany: 'Please fill in SID and Company Code first.',
    testConnection: 'Test Connection',
    companyRequired: 'Please select a Company Code',
    legacyIdRequired: 'Please fill in Legacy ID',
    legacyIdInvalid: 'Letters, digits and . _ - only (up to 100 characters)',
    legacyNameRequired: 'Please fill in Legacy Name',
    emailFinished: 'Job Finished',
    emailWarning: 'Job Warning',
    emailError: 'Job Error',
    emailFunctionError: 'Function Error',
    logTitle: 'Pull Job Config Log',
    rowNumber: 'No.',
    lastPull: 'Last Pull',
    lastStatus: 'Last Status',
    refresh: 'Refresh',
    noUserTitle: 'No company to show',
    noUserText:
      'You are not an administrator of any company, so there are no pull jobs to show. Ask a super administrator to give you the admin role in Employee Config.',
  },
  th: {
    ...resourceMessages.th,
    // The screens' names as the menu shows them (screen-messages).
    title: 'ตั้งค่างานดึงข้อมูล',
    sid: 'SID',
    companyCode: 'รหัสบริษัท',
    legacyId: 'Legacy ID',
    legacyName: 'ชื่อ Legacy',
    legacyType: 'ประเภท Legacy',
    apiServerId: 'รหัส API Server',
    apiClassName: 'ชื่อ Api Class',
    apiFunctionName: 'ชื่อ Api Function',
    isActive: 'เปิดใช้งาน',
    cronTrigger: 'ตารางเวลา (Cron Trigger)',
    add: 'เพิ่มการตั้งค่า Pull Job',
    noData: 'ไม่มีข้อมูล...',
    total: '{total} งาน',
    totalOne: '{total} งาน',
    anyCompany: 'ทุกบริษัทของฉัน',
    success: 'สำเร็จ',
    savedSuccessfully: 'บันทึกข้อมูลสำเร็จ',
    deletedSuccessfully: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบ Pull Job {id} ของบริษัท {company} หรือไม่?',
    no: 'ไม่',
    create: 'สร้าง',
    warningTitle: 'กรุณากรอกข้อมูลให้ครบถ้วน',
    templateTitle: 'สร้างจากแม่แบบ',
    templateLabel: 'แม่แบบ (Pull Job ที่มีอยู่)',
    templatePlaceholder: 'เลือก Pull Job',
    addTitle: 'เพิ่มการตั้งค่า Pull Job',
    editTitle: 'แก้ไขการตั้งค่า Pull Job: {id}',
    sectionLegacy: 'Legacy',
    sectionApiServer: 'เซิร์ฟเวอร์ API',
    importantJob: 'งานสำคัญ',
    suspendWhenError: 'ระงับเมื่อเกิดข้อผิดพลาด',
    suspendWhenWarning: 'ระงับเมื่อมีคำเตือน',
    legacyCriteria: 'เริ่มหลังจาก Legacy ID ในรายการทำงานสำเร็จ',
    selectCompany: 'เลือกบริษัท',
    fillSidAndCompany: 'กรุณากรอก SID และรหัสบริษัทก่อน',
    testConnection: 'ทดสอบการเชื่อมต่อ',
    companyRequired: 'กรุณาเลือกรหัสบริษัท',
    legacyIdRequired: 'กรุณากรอก Legacy ID',
    legacyIdInvalid: 'ใช้ได้เฉพาะตัวอักษร ตัวเลข และ . _ - (ไม่เกิน 100 ตัว)',
    legacyNameRequired: 'กรุณากรอกชื่อ Legacy',
    emailFinished: 'งานเสร็จสิ้น',
    emailWarning: 'งานมีคำเตือน',
    emailError: 'งานผิดพลาด',
    emailFunctionError: 'ฟังก์ชันผิดพลาด',
    logTitle: 'ประวัติงานดึงข้อมูล',
    rowNumber: 'ลำดับ',
    lastPull: 'ดึงข้อมูลล่าสุด',
    lastStatus: 'สถานะล่าสุด',
    refresh: 'รีเฟรช',
    noUserTitle: 'ไม่มีบริษัทที่แสดงได้',
    noUserText:
      'คุณไม่ได้เป็นผู้ดูแลระบบของบริษัทใด จึงไม่มี Pull Job ที่แสดงได้ โปรดขอให้ผู้ดูแลระบบสูงสุดกำหนดสิทธิ์ผู้ดูแลระบบให้คุณที่หน้าตั้งค่าพนักงาน',
  },
};
