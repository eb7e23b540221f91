import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'add'
  | 'apiUsername'
  | 'apiUrl'
  | 'apiServerId'
  | 'apiPassword'
  | 'company'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'addTitle'
  | 'editTitle'
  | 'testConnection'
  | 'selectCompany'
  | 'serverIdHint'
  | 'urlPlaceholder'
  | 'passwordHintAdd'
  | 'passwordHintEdit'
  | 'passwordStored'
  | 'companyRequired'
  | 'serverIdRequired'
  | 'serverIdInvalid'
  | 'urlRequired'
  | 'urlInvalid'
  | 'usernameRequired'
  | 'usernameInvalid'
  | 'passwordRequired'
  | 'apiTimeout'
  | 'timeoutHint'
  | 'timeoutRequired'
  | 'timeoutInvalid'
  | 'saved'
  | 'deleted'
  | 'deleteContent'
  | 'testTitle'
  | 'testContent'
  | 'no'
  | 'resultTitle'
  | 'percentTotalCPUUsage'
  | 'percentProcessCPUUsage'
  | 'megaByteTotalMemory'
  | 'megaByteFreeMemory'
  | 'megaByteProcessMemoryUsage'
  | 'serverVersion'
  | 'serverOS'
  | 'serverTime'
  | 'serverSession'
  | 'functionUsage'
  | 'clientUUID'
  | 'testFailed';

export type ApiServerMessageKey = Keys;

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const apiServerMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'API Config',
    add: 'Add API config',
    apiUsername: 'API Username',
    apiUrl: 'API URL',
    apiServerId: 'API ServerID',
    apiPassword: 'API Password',
    company: 'Company',
    noData: 'No Data...',
    total: '{total} API servers',
    totalOne: '{total} API server',
    addTitle: 'Add API config',
    editTitle: 'Edit API config: {id}',
    testConnection: 'Test Connection',
    selectCompany: 'Select a company',
    serverIdHint: 'The API Server ID cannot be changed after saving.',
    urlPlaceholder: 'https://fapp.example.com/api',
    passwordHintAdd: 'Stored encrypted; it is never shown again.',
    passwordHintEdit:
      'Leave blank to keep the stored password. Changing the URL or username needs the password again.',
    passwordStored: 'password stored',
    companyRequired: 'please select the Company',
    serverIdRequired: 'please fill in the API Server ID field',
    serverIdInvalid: 'API Server ID may contain only letters, digits, _ . and - (up to 64 characters)',
    urlRequired: 'please fill in the API URL field',
    urlInvalid: 'API URL must be an http:// or https:// address without a user name or password in it',
    usernameRequired: 'please fill in the API Username field',
    usernameInvalid: 'API Username may not contain spaces or ":" (up to 128 characters)',
    passwordRequired: 'please fill in the API Password field',
    apiTimeout: 'Call timeout (seconds)',
    timeoutHint:
      'How long step 2 waits for the function to answer (default 120). A repeat after a timeout carries the same idempotency key.',
    timeoutRequired: 'please fill in the Call timeout field',
    timeoutInvalid: 'Call timeout must be a whole number of seconds from 1 to 3600',
    saved: 'Data saved successfully',
    deleted: 'Data deleted successfully',
    deleteContent: 'Do you want to delete API server {id} of company {company}?',
    testTitle: 'FAPP Test?',
    testContent: 'Do you want to test?',
    no: 'No',
    resultTitle: 'Test Connection: {url}',
    percentTotalCPUUsage: 'Total CPU usage',
    percentProcessCPUUsage: 'Process CPU usage',
    megaByteTotalMemory: 'Total memory',
    megaByteFreeMemory: 'Free memory',
    megaByteProcessMemoryUsage: 'Process memory usage',
    serverVersion: 'Server version',
    serverOS: 'Server OS',
    serverTime: 'Server time',
    serverSession: 'Server session',
    functionUsage: 'Function usage',
    clientUUID: 'Client UUID',
    testFailed: 'FAPP Test not successful',
  },
  th: {
    ...resourceMessages.th,
    title: 'ตั้งค่า API',
    add: 'เพิ่มการตั้งค่า API',
    apiUsername: 'ชื่อผู้ใช้ API',
    apiUrl: 'URL ของ API',
    apiServerId: 'รหัส API Server',
    apiPassword: 'รหัสผ่าน API',
    company: 'บริษัท',
    noData: 'ไม่พบข้อมูล...',
    total: 'ทั้งหมด {total} รายการ',
    totalOne: 'ทั้งหมด {total} รายการ',
    addTitle: 'เพิ่มการตั้งค่า API',
    editTitle: 'แก้ไขการตั้งค่า API: {id}',
    testConnection: 'ทดสอบการเชื่อมต่อ',
    selectCompany: 'เลือกบริษัท',
    serverIdHint: 'เมื่อบันทึกแล้วจะแก้ไขรหัส API Server ไม่ได้',
    urlPlaceholder: 'https://fapp.example.com/api',
    passwordHintAdd: 'จัดเก็บแบบเข้ารหัส และจะไม่แสดงอีก',
    passwordHintEdit: 'เว้นว่างไว้เพื่อใช้รหัสผ่านที่บันทึกไว้เดิม หากเปลี่ยน URL หรือ Username ต้องกรอกรหัสผ่านอีกครั้ง',
    passwordStored: 'บันทึกรหัสผ่านแล้ว',
    companyRequired: 'กรุณาเลือกบริษัท',
    serverIdRequired: 'กรุณากรอกข้อมูลช่องรหัส API Server',
    serverIdInvalid: 'รหัส API Server ใช้ได้เฉพาะตัวอักษร ตัวเลข _ . และ - (ไม่เกิน 64 ตัวอักษร)',
    urlRequired: 'กรุณากรอกข้อมูลช่อง URL ของ API',
    urlInvalid: 'URL ของ API ต้องขึ้นต้นด้วย http:// หรือ https:// และต้องไม่มีชื่อผู้ใช้หรือรหัสผ่านอยู่ใน URL',
    usernameRequired: 'กรุณากรอกข้อมูลช่องชื่อผู้ใช้ API',
    usernameInvalid: 'ชื่อผู้ใช้ API ต้องไม่มีช่องว่างหรือ ":" (ไม่เกิน 128 ตัวอักษร)',
    passwordRequired: 'กรุณากรอกข้อมูลช่องรหัสผ่าน API',
    apiTimeout: 'เวลารอคำตอบของฟังก์ชัน (วินาที)',
    timeoutHint:
      'ระยะเวลาที่ขั้นตอนที่ 2 รอคำตอบจากฟังก์ชัน (ค่าเริ่มต้น 120) เมื่อเรียกซ้ำหลังหมดเวลาจะส่ง idempotency key เดิม',
    timeoutRequired: 'กรุณากรอกข้อมูลช่องเวลารอคำตอบของฟังก์ชัน',
    timeoutInvalid: 'เวลารอคำตอบของฟังก์ชันต้องเป็นจำนวนเต็มวินาทีตั้งแต่ 1 ถึง 3600',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบ API server {id} ของบริษัท {company} หรือไม่?',
    testTitle: 'ทดสอบ FAPP?',
    testContent: 'คุณต้องการทดสอบหรือไม่?',
    no: 'ไม่ใช่',
    resultTitle: 'ผลการทดสอบการเชื่อมต่อ: {url}',
    percentTotalCPUUsage: 'การใช้ CPU ทั้งหมด',
    percentProcessCPUUsage: 'การใช้ CPU ของโปรเซส',
    megaByteTotalMemory: 'หน่วยความจำทั้งหมด',
    megaByteFreeMemory: 'หน่วยความจำว่าง',
    megaByteProcessMemoryUsage: 'หน่วยความจำที่โปรเซสใช้',
    serverVersion: 'เวอร์ชันเซิร์ฟเวอร์',
    serverOS: 'ระบบปฏิบัติการของเซิร์ฟเวอร์',
    serverTime: 'เวลาของเซิร์ฟเวอร์',
    serverSession: 'เซสชันของเซิร์ฟเวอร์',
    functionUsage: 'จำนวนการเรียกใช้ฟังก์ชัน',
    clientUUID: 'UUID ของไคลเอนต์ (Client UUID)',
    testFailed: 'ทดสอบ FAPP ไม่สำเร็จ',
  },
};
