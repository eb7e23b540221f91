/** Messages of the report screens: Daily Report, Expected Run Job, the backup text download (decision 0014). */
export const REPORTS_MESSAGES = {
  dailyReportDatesRequired: {
    en: 'Please specify date_from and date_to',
    th: 'กรุณาระบุ date_from และ date_to',
  },
  dailyReportRangeTooLong: {
    en: 'The report covers at most {max} days: choose a shorter range',
    th: 'รายงานครอบคลุมได้ไม่เกิน {max} วัน กรุณาเลือกช่วงวันที่ให้สั้นลง',
  },
  dayTimelineDateInvalid: {
    en: 'date must be a day as yyyymmdd or yyyy-mm-dd (for example 20261121)',
    th: 'date ต้องเป็นวันที่ในรูปแบบ yyyymmdd หรือ yyyy-mm-dd (เช่น 20261121)',
  },
  backupTextNoFiles: {
    en: 'The selected runs have no such files',
    th: 'รายการที่เลือกไม่มีไฟล์ประเภทนี้',
  },
  backupTextTooLarge: {
    en: 'The files of the selected runs are too large ({mb} MB; at most {maxMb} MB and {maxFiles} files): select fewer runs',
    th: 'ไฟล์ของรายการที่เลือกมีขนาดใหญ่เกินไป ({mb} MB; ไม่เกิน {maxMb} MB และ {maxFiles} ไฟล์) กรุณาเลือกรายการให้น้อยลง',
  },
} as const;
