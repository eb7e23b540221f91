/** Messages of the rules in docs/security.md (stored secrets, input rules; decision 0024). */
export const SECURITY_MESSAGES = {
  apiPasswordAgain: {
    en: 'Re-enter the password when you change the address (URL or user name): a stored password is only sent to the server it was saved for',
    th: 'กรุณากรอกรหัสผ่านอีกครั้งเมื่อเปลี่ยนที่อยู่ (URL หรือชื่อผู้ใช้): รหัสผ่านที่บันทึกไว้จะส่งไปยังเซิร์ฟเวอร์ที่บันทึกไว้เท่านั้น',
  },
  sftpSecretAgain: {
    en: 'Re-enter the password or private key when you change the address (host, port or user name): a stored secret is only used with the server it was saved for',
    th: 'กรุณากรอกรหัสผ่านหรือ private key อีกครั้งเมื่อเปลี่ยนที่อยู่ (host, port หรือชื่อผู้ใช้): รหัสลับที่บันทึกไว้จะใช้กับเซิร์ฟเวอร์ที่บันทึกไว้เท่านั้น',
  },
  dmsTokenAgain: {
    en: 'Re-enter the token when you change the address (URL): a stored token is only sent to the server it was saved for',
    th: 'กรุณากรอก token อีกครั้งเมื่อเปลี่ยนที่อยู่ (URL): token ที่บันทึกไว้จะส่งไปยังเซิร์ฟเวอร์ที่บันทึกไว้เท่านั้น',
  },
  jobConfigFolderInvalid: {
    en: '{field} must not contain .., a backslash or control characters',
    th: '{field} ต้องไม่มี .. เครื่องหมาย \\ หรืออักขระควบคุม',
  },
  fileNameNotAllowed: {
    en: 'The file name {name} cannot be used: {problem}',
    th: 'ใช้ชื่อไฟล์ {name} ไม่ได้: {problem}',
  },
  fileNameReserved: {
    en: 'it is a name Windows reserves for a device',
    th: 'เป็นชื่อที่ Windows สงวนไว้สำหรับอุปกรณ์',
  },
  fileNameTrailing: {
    en: 'it ends with a dot or a space',
    th: 'ลงท้ายด้วยจุดหรือช่องว่าง',
  },
  fileNameInvisible: {
    en: 'it contains a control, direction-changing or invisible character',
    th: 'มีอักขระควบคุม อักขระเปลี่ยนทิศทางข้อความ หรืออักขระที่มองไม่เห็น',
  },
  fileNameCharacters: {
    en: 'it contains a character Windows does not allow (< > : " / \\ | ? *)',
    th: 'มีอักขระที่ Windows ไม่อนุญาต (< > : " / \\ | ? *)',
  },
} as const;
