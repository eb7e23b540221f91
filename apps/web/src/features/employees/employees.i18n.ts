import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'searchPanel'
  | 'userName'
  | 'userNamePlaceholder'
  | 'company'
  | 'companyCode'
  | 'roleAccess'
  | 'anyCompany'
  | 'anyRole'
  | 'allCompanies'
  | 'add'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'duplicate'
  | 'saved'
  | 'deleted'
  | 'deleteContent'
  | 'no'
  | 'addTitle'
  | 'editTitle'
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'citizenId'
  | 'password'
  | 'passwordHintAdd'
  | 'passwordHintEdit'
  | 'passwordHintEditNone'
  | 'userIdRequired'
  | 'userIdInvalid'
  | 'citizenIdInvalid'
  | 'passwordShort'
  | 'companyRequired'
  | 'roleRequired'
  | 'companies'
  | 'filterCompanies'
  | 'noCompanies'
  | 'selectedOrder'
  | 'companyAccess'
  | 'firstDecides'
  | 'decidesRole'
  | 'makeFirst'
  | 'remove'
  | 'selectRoles'
  | 'noCompanySelected'
  | 'upload'
  | 'uploadTitle'
  | 'uploadContent'
  | 'notExcel'
  | 'tooLarge'
  | 'uploadDone'
  | 'uploadCounts'
  | 'uploadCountsOne'
  | 'template'
  | 'templateHint';

export type EmployeeMessageKey = Keys;

/** "1 user" / "2 users" (`plural` picks the key). */
export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };
/** "1 user created" / "2 users created": the form follows the created count. */
export const UPLOAD_COUNT_KEYS: PluralKeys<Keys> = { one: 'uploadCountsOne', other: 'uploadCounts' };

export const employeeMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Employee Config',
    searchPanel: 'Search',
    userName: 'User Name',
    userNamePlaceholder: 'Part of the user name',
    company: 'Company',
    companyCode: 'Company Code',
    roleAccess: 'Role Access',
    anyCompany: 'Any company',
    anyRole: 'Any role',
    allCompanies: 'All companies',
    add: 'Add Employee',
    noData: 'No Data...',
    total: '{total} users',
    totalOne: '{total} user',
    duplicate: 'User Name duplicates existing data',
    saved: 'Data saved successfully',
    deleted: 'Data deleted successfully',
    deleteContent: 'Do you want to delete? ({id})',
    no: 'No',
    addTitle: 'Add Employee',
    editTitle: 'Edit Employee: {id}',
    userId: 'User ID',
    firstName: 'First name',
    lastName: 'Last name',
    citizenId: 'Citizen ID',
    password: 'Password',
    passwordHintAdd:
      'Optional, for the login form. At least 12 characters. A one-time password: the employee chooses their own at the first sign-in.',
    passwordHintEdit:
      'Leave blank to keep the current password. A new one is a one-time password: the employee chooses their own at the next sign-in.',
    passwordHintEditNone:
      'No password yet (single sign-on only). Optional, at least 12 characters; a one-time password the employee changes at the next sign-in.',
    userIdRequired: 'please fill in the User ID field',
    userIdInvalid: 'User ID may contain only letters, digits and . _ @ - (up to 64 characters)',
    citizenIdInvalid: 'Citizen ID may contain only letters, digits and - (up to 32 characters)',
    passwordShort: 'The password must be at least 12 characters long',
    companyRequired: 'please select at least 1 Company',
    roleRequired: 'please select a role for {company}',
    companies: 'Companies',
    filterCompanies: 'Filter companies',
    noCompanies: 'No company matches',
    selectedOrder: 'Checked companies, in the order checked',
    companyAccess: 'Company access',
    firstDecides: "The first company in this list decides the user's role.",
    decidesRole: 'Decides role',
    makeFirst: 'Move to first',
    remove: 'Remove',
    selectRoles: 'Select role(s)',
    noCompanySelected: 'Check a company on the left to grant access.',
    upload: 'Upload Excel',
    uploadTitle: 'Are you sure to Upload?',
    uploadContent: 'File: {name}',
    notExcel: 'Please select file excel.',
    tooLarge: 'The file is larger than {size} MB.',
    uploadDone: 'Upload complete',
    uploadCounts: '{created} users created, {updated} updated.',
    uploadCountsOne: '{created} user created, {updated} updated.',
    template: 'Download template',
    templateHint: 'One row per user and company; columns: {columns}',
  },
  th: {
    ...resourceMessages.th,
    title: 'ตั้งค่าพนักงาน',
    searchPanel: 'ค้นหา',
    userName: 'ชื่อผู้ใช้',
    userNamePlaceholder: 'บางส่วนของชื่อผู้ใช้',
    company: 'บริษัท',
    companyCode: 'รหัสบริษัท',
    roleAccess: 'สิทธิ์การเข้าถึง',
    anyCompany: 'ทุกบริษัท',
    anyRole: 'ทุกสิทธิ์',
    allCompanies: 'ทุกบริษัท',
    add: 'เพิ่มพนักงาน',
    noData: 'ไม่พบข้อมูล...',
    total: 'ผู้ใช้ {total} คน',
    totalOne: 'ผู้ใช้ {total} คน',
    duplicate: 'ชื่อผู้ใช้ซ้ำกับข้อมูลที่มีอยู่แล้ว',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบข้อมูลหรือไม่? ({id})',
    no: 'ไม่ใช่',
    addTitle: 'เพิ่มพนักงาน',
    editTitle: 'แก้ไขพนักงาน: {id}',
    userId: 'รหัสผู้ใช้ (User ID)',
    firstName: 'ชื่อ',
    lastName: 'นามสกุล',
    citizenId: 'เลขประจำตัวประชาชน',
    password: 'รหัสผ่าน',
    passwordHintAdd:
      'ไม่บังคับ ใช้สำหรับเข้าสู่ระบบด้วยแบบฟอร์ม อย่างน้อย 12 ตัวอักษร เป็นรหัสผ่านใช้ครั้งเดียว: พนักงานต้องตั้งรหัสผ่านของตนเองเมื่อเข้าสู่ระบบครั้งแรก',
    passwordHintEdit:
      'เว้นว่างไว้เพื่อใช้รหัสผ่านเดิม รหัสผ่านใหม่เป็นรหัสผ่านใช้ครั้งเดียว: พนักงานต้องตั้งรหัสผ่านของตนเองเมื่อเข้าสู่ระบบครั้งถัดไป',
    passwordHintEditNone:
      'ยังไม่มีรหัสผ่าน (เข้าสู่ระบบผ่าน SSO เท่านั้น) ไม่บังคับ อย่างน้อย 12 ตัวอักษร เป็นรหัสผ่านใช้ครั้งเดียวที่พนักงานต้องเปลี่ยนเมื่อเข้าสู่ระบบครั้งถัดไป',
    userIdRequired: 'กรุณากรอกข้อมูลช่อง User ID',
    userIdInvalid: 'User ID ใช้ได้เฉพาะตัวอักษร ตัวเลข และ . _ @ - (ไม่เกิน 64 ตัวอักษร)',
    citizenIdInvalid: 'เลขประจำตัวประชาชนใช้ได้เฉพาะตัวอักษร ตัวเลข และ - (ไม่เกิน 32 ตัวอักษร)',
    passwordShort: 'รหัสผ่านต้องมีความยาวอย่างน้อย 12 ตัวอักษร',
    companyRequired: 'กรุณาเลือกบริษัทอย่างน้อย 1 บริษัท',
    roleRequired: 'กรุณาเลือกสิทธิ์ของ {company}',
    companies: 'บริษัท',
    filterCompanies: 'กรองบริษัท',
    noCompanies: 'ไม่พบบริษัทที่ตรงกัน',
    selectedOrder: 'บริษัทที่เลือก ตามลำดับที่เลือก',
    companyAccess: 'สิทธิ์การเข้าถึงบริษัท',
    firstDecides: 'บริษัทแรกในรายการนี้เป็นตัวกำหนดบทบาทของผู้ใช้',
    decidesRole: 'กำหนดบทบาท',
    makeFirst: 'ย้ายไปลำดับแรก',
    remove: 'นำออก',
    selectRoles: 'เลือกสิทธิ์',
    noCompanySelected: 'เลือกบริษัททางด้านซ้ายเพื่อกำหนดสิทธิ์การเข้าถึง',
    upload: 'อัปโหลด Excel',
    uploadTitle: 'ยืนยันการอัปโหลดหรือไม่?',
    uploadContent: 'ไฟล์: {name}',
    notExcel: 'กรุณาเลือกไฟล์ Excel',
    tooLarge: 'ไฟล์มีขนาดเกิน {size} MB',
    uploadDone: 'อัปโหลดสำเร็จ',
    uploadCounts: 'เพิ่มผู้ใช้ {created} คน แก้ไข {updated} คน',
    uploadCountsOne: 'เพิ่มผู้ใช้ {created} คน แก้ไข {updated} คน',
    template: 'ดาวน์โหลดแม่แบบ',
    templateHint: 'หนึ่งแถวต่อผู้ใช้และบริษัท คอลัมน์: {columns}',
  },
};
