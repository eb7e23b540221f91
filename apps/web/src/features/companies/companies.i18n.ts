import type { Messages } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'open'
  | 'title'
  | 'intro'
  | 'search'
  | 'companyCode'
  | 'companyName'
  | 'status'
  | 'active'
  | 'inactive'
  | 'add'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'codePlaceholder'
  | 'addTitle'
  | 'editTitle'
  | 'codeHint'
  | 'statusHint'
  | 'codeRequired'
  | 'codeInvalid'
  | 'nameRequired'
  | 'nameTooLong'
  | 'saved';

export type CompanyMessageKey = Keys;

export const companyMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    open: 'Companies',
    title: 'Companies',
    intro: 'Employees can be given access only to active companies.',
    search: 'Search by code or name',
    companyCode: 'Company Code',
    companyName: 'Company Name',
    status: 'Status',
    active: 'Active',
    inactive: 'Inactive',
    add: 'Add Company',
    noData: 'No Data...',
    total: '{total} companies',
    totalOne: '1 company',
    codePlaceholder: 'e.g. ACME-01',
    addTitle: 'Add Company',
    editTitle: 'Edit Company: {code}',
    codeHint: 'The code cannot be changed after saving.',
    statusHint:
      'An inactive company is no longer offered when giving employees access, and its employees lose their access to it at their next request.',
    codeRequired: 'please fill in the Company Code field',
    codeInvalid: 'Company Code may contain only letters, digits, _ and - (up to 32 characters)',
    nameRequired: 'please fill in the Company Name field',
    nameTooLong: 'Company Name may be up to 200 characters long',
    saved: 'Saved data successfully',
  },
  th: {
    ...resourceMessages.th,
    open: 'บริษัท',
    title: 'ข้อมูลบริษัท',
    intro: 'กำหนดสิทธิ์ให้พนักงานได้เฉพาะบริษัทที่มีสถานะใช้งาน',
    search: 'ค้นหาด้วยรหัสหรือชื่อบริษัท',
    companyCode: 'รหัสบริษัท',
    companyName: 'ชื่อบริษัท',
    status: 'สถานะ',
    active: 'ใช้งาน',
    inactive: 'ไม่ใช้งาน',
    add: 'เพิ่มบริษัท',
    noData: 'ไม่พบข้อมูล...',
    total: 'ทั้งหมด {total} บริษัท',
    totalOne: 'ทั้งหมด 1 บริษัท',
    codePlaceholder: 'เช่น ACME-01',
    addTitle: 'เพิ่มบริษัท',
    editTitle: 'แก้ไขบริษัท: {code}',
    codeHint: 'เมื่อบันทึกแล้วจะแก้ไขรหัสบริษัทไม่ได้',
    statusHint:
      'บริษัทที่ไม่ใช้งานจะไม่แสดงให้เลือกเมื่อกำหนดสิทธิ์ให้พนักงาน และพนักงานของบริษัทนั้นจะหมดสิทธิ์เข้าถึงบริษัทนี้ตั้งแต่คำขอถัดไป',
    codeRequired: 'กรุณากรอกข้อมูลช่องรหัสบริษัท',
    codeInvalid: 'รหัสบริษัทใช้ได้เฉพาะตัวอักษร ตัวเลข _ และ - (ไม่เกิน 32 ตัวอักษร)',
    nameRequired: 'กรุณากรอกข้อมูลช่องชื่อบริษัท',
    nameTooLong: 'ชื่อบริษัทต้องมีความยาวไม่เกิน 200 ตัวอักษร',
    saved: 'บันทึกข้อมูลสำเร็จ',
  },
};
