/** Messages of the legacy console's calls kept at their old paths (docs/legacy-api.md, decision 0027). */
export const LEGACY_API_MESSAGES = {
  legacyCompanyRequired: {
    en: 'Say which company: add company_code to the request (you have access to more than one company)',
    th: 'กรุณาระบุบริษัท: ใส่ company_code ในคำขอ (คุณมีสิทธิ์มากกว่าหนึ่งบริษัท)',
  },
  legacyApiServerNotSaved: {
    en: 'No saved API server of your companies has the address {url}: save it in API Config first, then test it from there (a password is only ever sent to a saved server)',
    th: 'ไม่พบ API server ที่บันทึกไว้ของบริษัทของคุณที่มีที่อยู่ {url}: กรุณาบันทึกใน API Config ก่อนแล้วทดสอบจากที่นั่น (รหัสผ่านจะถูกส่งไปยังเซิร์ฟเวอร์ที่บันทึกไว้เท่านั้น)',
  },
  legacySftpServerNotSaved: {
    en: 'No saved sFTP server of your companies is {username}@{host}:{port}: save it in sFTP Config first, then choose it in the job (the saved password is used; a password in the request is not)',
    th: 'ไม่พบ sFTP server ที่บันทึกไว้ของบริษัทของคุณที่เป็น {username}@{host}:{port}: กรุณาบันทึกใน sFTP Config ก่อนแล้วเลือกในงาน (ใช้รหัสผ่านที่บันทึกไว้ ไม่ใช้รหัสผ่านในคำขอ)',
  },
} as const;
