import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'companyCode'
  | 'anyCompany'
  | 'legacyId'
  | 'legacyName'
  | 'legacyType'
  | 'apiClassName'
  | 'apiFunctionName'
  | 'search'
  | 'add'
  | 'jobList'
  | 'sourceServer'
  | 'apiServerId'
  | 'apiClass'
  | 'apiFunction'
  | 'isActive'
  | 'cronTrigger'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'deleteContent'
  | 'no'
  | 'ok'
  | 'deleted'
  | 'noContent'
  | 'noContentText'
  | 'templateTitle'
  | 'templateJob'
  | 'templatePlaceholder'
  | 'templateRequired'
  | 'create'
  | 'jobNotFound';

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const jobConfigMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Job config',
    companyCode: 'Company Code',
    anyCompany: 'All my companies',
    legacyId: 'Legacy ID',
    legacyName: 'Legacy Name',
    legacyType: 'Legacy Type',
    apiClassName: 'Api Class Name',
    apiFunctionName: 'Api Function Name',
    search: 'Search',
    add: 'Add Job Config',
    jobList: 'Job configs',
    sourceServer: 'sFTP Source Server',
    apiServerId: 'API Server ID',
    apiClass: 'API ClassName',
    apiFunction: 'API Function Name',
    isActive: 'Is Active',
    cronTrigger: 'Cron Trigger',
    noData: 'No Data...',
    total: '{total} jobs',
    totalOne: '{total} job',
    deleteContent: 'Do you want to delete job {id} of company {company}?',
    no: 'No',
    ok: 'OK',
    deleted: 'Deleted successfully',
    noContent: 'No Content',
    noContentText: 'No data found for these search fields.',
    templateTitle: 'Create From Template',
    templateJob: 'Job config',
    templatePlaceholder: 'sid, company, legacy id',
    templateRequired: 'Please choose a job config',
    create: 'Create',
    jobNotFound: 'The job config was not found',
  },
  th: {
    ...resourceMessages.th,
    // The screen's name as the menu shows it (screen-messages).
    title: 'ตั้งค่างาน',
    companyCode: 'รหัสบริษัท',
    anyCompany: 'ทุกบริษัทของฉัน',
    legacyId: 'Legacy ID',
    legacyName: 'ชื่องาน (Legacy Name)',
    legacyType: 'ประเภท Legacy',
    apiClassName: 'ชื่อคลาส API (Api Class Name)',
    apiFunctionName: 'ชื่อฟังก์ชัน API (Api Function Name)',
    search: 'ค้นหา',
    add: 'เพิ่ม Job Config',
    jobList: 'รายการตั้งค่างาน',
    sourceServer: 'sFTP Server ต้นทาง',
    apiServerId: 'รหัส API Server',
    apiClass: 'ชื่อคลาส API',
    apiFunction: 'ชื่อฟังก์ชัน API',
    isActive: 'เปิดใช้งาน',
    cronTrigger: 'ตารางเวลา (Cron Trigger)',
    noData: 'ไม่มีข้อมูล...',
    total: '{total} งาน',
    totalOne: '{total} งาน',
    deleteContent: 'คุณต้องการลบงาน {id} ของบริษัท {company} หรือไม่?',
    no: 'ไม่',
    ok: 'ตกลง',
    deleted: 'ลบข้อมูลสำเร็จ',
    noContent: 'ไม่พบข้อมูล',
    noContentText: 'ไม่พบข้อมูลตามเงื่อนไขการค้นหานี้',
    templateTitle: 'สร้างจากแม่แบบ',
    templateJob: 'งานที่ใช้เป็นแม่แบบ',
    templatePlaceholder: 'SID, บริษัท, Legacy ID',
    templateRequired: 'กรุณาเลือกงานที่ใช้เป็นแม่แบบ',
    create: 'สร้าง',
    jobNotFound: 'ไม่พบการตั้งค่างานนี้',
  },
};
