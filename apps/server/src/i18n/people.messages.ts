/** Messages of sign-in, sessions, users, companies and the user import (spec 001). */
export const PEOPLE_MESSAGES = {
  loginEmpty: {
    en: 'Please fill in Username and Password',
    th: 'กรุณากรอก Username และ Password',
  },
  loginFailed: {
    en: 'Not successful: check your Username and Password',
    th: 'ไม่สำเร็จ กรุณาตรวจสอบ Username และ Password',
  },
  tooManyAttempts: {
    en: 'Too many failed attempts. Try again in {minutes} minutes.',
    th: 'ลองผิดหลายครั้งเกินไป กรุณาลองใหม่ในอีก {minutes} นาที',
  },
  signInRequired: { en: 'Please sign in', th: 'กรุณาเข้าสู่ระบบ' },
  sessionEnded: {
    en: 'Your session has ended. Please sign in again.',
    th: 'หมดเวลาการใช้งาน กรุณาเข้าสู่ระบบใหม่',
  },
  forbidden: { en: 'You are not allowed to do this', th: 'คุณไม่มีสิทธิ์ทำรายการนี้' },
  companyForbidden: {
    en: 'You have no access to company {company}',
    th: 'คุณไม่มีสิทธิ์เข้าถึงบริษัท {company}',
  },
  noActiveCompany: {
    en: 'Your company is inactive: you cannot sign in until an administrator activates it',
    th: 'บริษัทของคุณถูกปิดใช้งาน ไม่สามารถเข้าสู่ระบบได้จนกว่าผู้ดูแลระบบจะเปิดใช้งาน',
  },
  userNotInSystem: { en: 'This user was not found in the system', th: 'ไม่พบผู้ใช้นี้ในระบบ' },
  portalTokenInvalid: {
    en: 'The portal sign-on is not valid or has expired',
    th: 'การเข้าสู่ระบบจากพอร์ทัลไม่ถูกต้องหรือหมดอายุ',
  },
  portalNotConfigured: { en: 'Portal sign-on is not configured', th: 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบผ่านพอร์ทัล' },
  currentPasswordWrong: { en: 'The current password is not correct', th: 'รหัสผ่านปัจจุบันไม่ถูกต้อง' },
  passwordChanged: { en: 'Your password has been changed', th: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว' },
  signedOut: { en: 'Signed out', th: 'ออกจากระบบแล้ว' },
  userDuplicate: {
    en: 'Not successful: User Name duplicates existing data',
    th: 'ไม่สำเร็จ: User Name ซ้ำกับข้อมูลที่มีอยู่',
  },
  userNotFound: { en: 'User {id} was not found', th: 'ไม่พบผู้ใช้ {id}' },
  userCreated: { en: 'Saved data successfully', th: 'บันทึกข้อมูลสำเร็จ' },
  userDeleted: { en: 'Deleted successfully', th: 'ลบข้อมูลสำเร็จ' },
  cannotDemoteSelf: {
    en: 'You cannot take the super_admin role away from yourself',
    th: 'ไม่สามารถถอดสิทธิ์ super_admin ของตนเองได้',
  },
  cannotDeleteSelf: { en: 'You cannot delete your own user', th: 'ไม่สามารถลบผู้ใช้ของตนเองได้' },
  unknownCompany: { en: 'Company {company} does not exist', th: 'ไม่มีบริษัท {company}' },
  duplicateCompanyEntry: { en: 'Company {company} is listed twice', th: 'บริษัท {company} ถูกเลือกซ้ำ' },
  companyDuplicate: { en: 'Company {company} already exists', th: 'มีบริษัท {company} อยู่แล้ว' },
  companyNotFound: { en: 'Company {company} was not found', th: 'ไม่พบบริษัท {company}' },
  importNoFile: { en: 'Please select file excel.', th: 'กรุณาเลือกไฟล์ Excel' },
  importNotExcel: { en: 'Please select file excel.', th: 'กรุณาเลือกไฟล์ Excel' },
  importTooLarge: { en: 'The file is larger than {mb} MB', th: 'ไฟล์มีขนาดเกิน {mb} MB' },
  importBadHeader: {
    en: 'The first row must name the columns: {columns}',
    th: 'แถวแรกต้องเป็นชื่อคอลัมน์: {columns}',
  },
  importBadRow: { en: 'Row {row}: {problem}', th: 'แถวที่ {row}: {problem}' },
  importEmpty: { en: 'The file has no user rows', th: 'ไฟล์ไม่มีข้อมูลผู้ใช้' },
  importDone: {
    en: 'Upload complete: {created} created, {updated} updated',
    th: 'อัปโหลดสำเร็จ: เพิ่ม {created} รายการ แก้ไข {updated} รายการ',
  },
} as const;
