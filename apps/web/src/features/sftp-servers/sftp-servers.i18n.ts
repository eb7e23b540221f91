import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'add'
  | 'serverId'
  | 'ip'
  | 'port'
  | 'username'
  | 'formServerId'
  | 'formIp'
  | 'formPort'
  | 'formUsername'
  | 'company'
  | 'anyCompany'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'addTitle'
  | 'editTitle'
  | 'password'
  | 'privateKey'
  | 'privateKeyPlaceholder'
  | 'stored'
  | 'notStored'
  | 'secretHintAdd'
  | 'secretHintEdit'
  | 'testHintStored'
  | 'testConnection'
  | 'saved'
  | 'deleted'
  | 'deleteContent'
  | 'no'
  | 'warningTitle'
  | 'testRequired'
  | 'testRequiredStored'
  | 'testOkTitle'
  | 'rootListing'
  | 'rootEmpty'
  | 'companyRequired'
  | 'serverIdRequired'
  | 'serverIdInvalid'
  | 'ipRequired'
  | 'ipInvalid'
  | 'portRequired'
  | 'usernameRequired'
  | 'usernameInvalid'
  | 'secretRequired'
  | 'selectCompany';

export type SftpMessageKey = Keys;

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const sftpMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'sFTP Config',
    add: 'Add sFTP Server Config',
    serverId: 'SFTP Server ID',
    ip: 'SFTP IP',
    port: 'SFTP Port',
    username: 'SFTP Username',
    formServerId: 'sFTP Server ID',
    formIp: 'sFTP IP',
    formPort: 'sFTP Port',
    formUsername: 'sFTP Username',
    company: 'Company',
    anyCompany: 'All my companies',
    noData: 'No Data...',
    total: '{total} servers',
    totalOne: '{total} server',
    addTitle: 'Add sFTP Server Config',
    editTitle: 'Edit sFTP Server Config: {id}',
    password: 'sFTP Password',
    privateKey: 'Private Key',
    privateKeyPlaceholder: '-----BEGIN OPENSSH PRIVATE KEY-----',
    stored: 'stored',
    notStored: 'not set',
    secretHintAdd: 'A password, a private key, or both. Never shown again once saved.',
    secretHintEdit:
      'Leave blank to keep the stored value. Changing the IP, port or username needs the password or key again.',
    testHintStored:
      'Test Connection uses the stored password or key when these fields are blank (same IP, port and username only).',
    testConnection: 'Test Connection',
    saved: 'Saved data successfully',
    deleted: 'Deleted successfully',
    deleteContent: 'Do you want to delete sFTP Server {id} of company {company}?',
    no: 'No',
    warningTitle: 'Please fill in complete data',
    testRequired:
      'Fill in sFTP Server ID, sFTP IP, sFTP Port, sFTP Username and sFTP Password or Private Key.',
    testRequiredStored: 'Fill in sFTP Server ID, sFTP IP, sFTP Port and sFTP Username.',
    testOkTitle: 'Test sFTP: success',
    rootListing: 'Root folder (/) of the server:',
    rootEmpty: 'The root folder is empty.',
    companyRequired: 'Please select a Company',
    serverIdRequired: 'Please fill in sFTP Server ID',
    serverIdInvalid: 'Letters, digits and . _ - only (up to 64 characters)',
    ipRequired: 'Please fill in sFTP IP',
    ipInvalid: 'A host name or an IP address',
    portRequired: 'Please fill in sFTP Port (1–65535)',
    usernameRequired: 'Please fill in sFTP Username',
    usernameInvalid: 'No spaces or colons',
    secretRequired: 'Please fill in sFTP Password or Private Key',
    selectCompany: 'Select a company',
  },
  th: {
    ...resourceMessages.th,
    title: 'ตั้งค่า sFTP',
    add: 'เพิ่มการตั้งค่า sFTP Server',
    serverId: 'รหัส sFTP Server',
    ip: 'IP ของ sFTP',
    port: 'พอร์ต sFTP',
    username: 'ชื่อผู้ใช้ sFTP',
    formServerId: 'รหัส sFTP Server',
    formIp: 'ที่อยู่ sFTP (IP หรือชื่อโฮสต์)',
    formPort: 'พอร์ต sFTP',
    formUsername: 'ชื่อผู้ใช้ sFTP',
    company: 'บริษัท',
    anyCompany: 'ทุกบริษัทของฉัน',
    noData: 'ไม่มีข้อมูล...',
    total: '{total} เซิร์ฟเวอร์',
    totalOne: '{total} เซิร์ฟเวอร์',
    addTitle: 'เพิ่มการตั้งค่า sFTP Server',
    editTitle: 'แก้ไขการตั้งค่า sFTP Server: {id}',
    password: 'รหัสผ่าน sFTP',
    privateKey: 'คีย์ส่วนตัว (Private Key)',
    privateKeyPlaceholder: '-----BEGIN OPENSSH PRIVATE KEY-----',
    stored: 'บันทึกไว้แล้ว',
    notStored: 'ยังไม่ได้ตั้ง',
    secretHintAdd: 'กรอกรหัสผ่าน หรือ private key หรือทั้งสองอย่าง จะไม่แสดงอีกหลังบันทึก',
    secretHintEdit: 'เว้นว่างไว้เพื่อใช้ค่าที่บันทึกไว้ หากเปลี่ยน IP, Port หรือ Username ต้องกรอกรหัสผ่านหรือ key อีกครั้ง',
    testHintStored: 'เมื่อเว้นว่าง การทดสอบการเชื่อมต่อจะใช้รหัสผ่านหรือ key ที่บันทึกไว้ (เฉพาะ IP, Port และ Username เดิม)',
    testConnection: 'ทดสอบการเชื่อมต่อ',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบ sFTP Server {id} ของบริษัท {company} หรือไม่?',
    no: 'ไม่',
    warningTitle: 'กรุณากรอกข้อมูลให้ครบถ้วน',
    testRequired: 'กรอก sFTP Server ID, sFTP IP, sFTP Port, sFTP Username และ sFTP Password หรือ Private Key',
    testRequiredStored: 'กรอก sFTP Server ID, sFTP IP, sFTP Port และ sFTP Username',
    testOkTitle: 'ทดสอบ sFTP สำเร็จ',
    rootListing: 'โฟลเดอร์ราก (/) ของเซิร์ฟเวอร์:',
    rootEmpty: 'โฟลเดอร์รากว่างเปล่า',
    companyRequired: 'กรุณาเลือกบริษัท',
    serverIdRequired: 'กรุณากรอก sFTP Server ID',
    serverIdInvalid: 'ใช้ได้เฉพาะตัวอักษร ตัวเลข และ . _ - (ไม่เกิน 64 ตัว)',
    ipRequired: 'กรุณากรอก sFTP IP',
    ipInvalid: 'ชื่อโฮสต์หรือที่อยู่ IP',
    portRequired: 'กรุณากรอก sFTP Port (1–65535)',
    usernameRequired: 'กรุณากรอก sFTP Username',
    usernameInvalid: 'ห้ามมีช่องว่างหรือเครื่องหมายโคลอน',
    secretRequired: 'กรุณากรอก sFTP Password หรือ Private Key',
    selectCompany: 'เลือกบริษัท',
  },
};
