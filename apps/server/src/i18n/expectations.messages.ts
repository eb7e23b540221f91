/** Messages of file deadlines (issue 35): the expectations' API and its refusals. */
export const EXPECTATIONS_MESSAGES = {
  expectationNotFound: {
    en: 'Job {legacyId} of company {company} has no file deadline',
    th: 'งาน {legacyId} ของบริษัท {company} ไม่มีกำหนดเวลารับไฟล์',
  },
  expectationInvalid: {
    en: 'The file deadline is not valid: {problem}',
    th: 'กำหนดเวลารับไฟล์ไม่ถูกต้อง: {problem}',
  },
  expectationDeleted: {
    en: 'File deadline of job {legacyId} removed',
    th: 'ลบกำหนดเวลารับไฟล์ของงาน {legacyId} แล้ว',
  },
} as const;
