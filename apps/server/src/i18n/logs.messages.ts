/** Messages of the System Log and Application Log searches (spec 000 §5). */
export const LOGS_MESSAGES = {
  logDateInvalid: {
    en: '{field} must be a date and time as yyyymmddHHMMSS (for example 20261121000000)',
    th: '{field} ต้องเป็นวันที่และเวลาในรูปแบบ yyyymmddHHMMSS (เช่น 20261121000000)',
  },
  logTransactionDateInvalid: {
    en: '{field} must be a date as yyyymmdd (for example 20261121)',
    th: '{field} ต้องเป็นวันที่ในรูปแบบ yyyymmdd (เช่น 20261121)',
  },
  logDateRangeReversed: {
    en: '{from} must not be later than {to}',
    th: '{from} ต้องไม่อยู่หลัง {to}',
  },
  logPageSizeInvalid: {
    en: 'page_size must be 10, 25, 50 or 100',
    th: 'page_size ต้องเป็น 10, 25, 50 หรือ 100',
  },
  logSearchInvalid: { en: 'The search is not valid: {problem}', th: 'เงื่อนไขการค้นหาไม่ถูกต้อง: {problem}' },
  applicationLogCriteriaRequired: {
    en: 'Please fill in Legacy ID, Transaction Date From and Transaction Date To',
    th: 'กรุณาระบุ Legacy ID, Transaction Date From และ Transaction Date To ให้ครบถ้วน',
  },
} as const;
