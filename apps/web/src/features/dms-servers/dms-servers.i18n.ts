import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'add'
  | 'dmsServerId'
  | 'dmsUrl'
  | 'dmsToken'
  | 'company'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'tokenStored'
  | 'tokenNone'
  | 'addTitle'
  | 'editTitle'
  | 'selectCompany'
  | 'serverIdHint'
  | 'urlPlaceholder'
  | 'tokenHintAdd'
  | 'tokenHintEdit'
  | 'incompleteTitle'
  | 'incomplete'
  | 'companyRequired'
  | 'serverIdRequired'
  | 'serverIdInvalid'
  | 'urlInvalid'
  | 'success'
  | 'saved'
  | 'deleted'
  | 'deleteContent'
  | 'no'
  | 'ok';

export type DmsServerMessageKey = Keys;

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

export const dmsServerMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'DMS Config',
    add: 'Add Dms Config',
    dmsServerId: 'Dms Server ID',
    dmsUrl: 'Dms URL',
    dmsToken: 'Dms Token',
    company: 'Company',
    noData: 'No Data...',
    total: '{total} DMS servers',
    totalOne: '{total} DMS server',
    tokenStored: 'stored',
    tokenNone: '—',
    addTitle: 'Add Dms Config',
    editTitle: 'Edit Dms Config: {id}',
    selectCompany: 'Select a company',
    serverIdHint: 'The Dms Server ID cannot be changed after saving.',
    urlPlaceholder: 'https://dms.example.com',
    tokenHintAdd: 'Optional. Stored encrypted; it is never shown again.',
    tokenHintEdit: 'Leave blank to keep the stored token. Changing the URL needs the token again.',
    incompleteTitle: 'Please fill in complete data',
    incomplete: 'Please fill in complete data: fill in SID, Company Code and Dms Server ID',
    companyRequired: 'please select the Company',
    serverIdRequired: 'please fill in the Dms Server ID field',
    serverIdInvalid: 'Dms Server ID may contain only letters, digits, _ . and - (up to 64 characters)',
    urlInvalid: 'Dms URL must be an http:// or https:// address without a user name or password in it',
    success: 'Success',
    saved: 'saved data successfully',
    deleted: 'Data deleted successfully',
    deleteContent: 'Do you want to delete Dms server {id} of company {company}?',
    no: 'No',
    ok: 'OK',
  },
  th: {
    ...resourceMessages.th,
    title: 'ตั้งค่า DMS',
    add: 'เพิ่มการตั้งค่า Dms',
    dmsServerId: 'รหัส Dms Server',
    dmsUrl: 'URL ของ Dms',
    dmsToken: 'Token ของ Dms',
    company: 'บริษัท',
    noData: 'ไม่พบข้อมูล...',
    total: 'ทั้งหมด {total} รายการ',
    totalOne: 'ทั้งหมด {total} รายการ',
    tokenStored: 'บันทึกแล้ว',
    tokenNone: '—',
    addTitle: 'เพิ่มการตั้งค่า Dms',
    editTitle: 'แก้ไขการตั้งค่า Dms: {id}',
    selectCompany: 'เลือกบริษัท',
    serverIdHint: 'เมื่อบันทึกแล้วจะแก้ไขรหัส Dms Server ไม่ได้',
    urlPlaceholder: 'https://dms.example.com',
    tokenHintAdd: 'ไม่บังคับ จัดเก็บแบบเข้ารหัส และจะไม่แสดงอีก',
    tokenHintEdit: 'เว้นว่างไว้เพื่อใช้ Token ที่บันทึกไว้เดิม หากเปลี่ยน URL ต้องกรอก Token อีกครั้ง',
    incompleteTitle: 'กรุณากรอกข้อมูลให้ครบถ้วน',
    incomplete: 'กรุณากรอกข้อมูลให้ครบถ้วน: กรอก SID, Company Code และ Dms Server ID',
    companyRequired: 'กรุณาเลือกบริษัท',
    serverIdRequired: 'กรุณากรอกข้อมูลช่องรหัส Dms Server',
    serverIdInvalid: 'รหัส Dms Server ใช้ได้เฉพาะตัวอักษร ตัวเลข _ . และ - (ไม่เกิน 64 ตัวอักษร)',
    urlInvalid: 'URL ของ Dms ต้องขึ้นต้นด้วย http:// หรือ https:// และต้องไม่มีชื่อผู้ใช้หรือรหัสผ่านอยู่ใน URL',
    success: 'สำเร็จ',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteContent: 'คุณต้องการลบ Dms server {id} ของบริษัท {company} หรือไม่?',
    no: 'ไม่ใช่',
    ok: 'ตกลง',
  },
};
