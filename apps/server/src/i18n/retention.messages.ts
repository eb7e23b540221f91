/** Messages of the retention settings and the sweep run by hand (decision 0022). */
export const RETENTION_MESSAGES = {
  retentionSwept: {
    en: 'Sweep done: {runs} runs, {logs} log rows, {mails} mails and {files} kept files deleted',
    th: 'ลบข้อมูลเสร็จแล้ว: รายการทำงาน {runs} รายการ, บันทึก {logs} แถว, อีเมล {mails} ฉบับ และไฟล์สำรอง {files} ไฟล์',
  },
  retentionSweepBusy: {
    en: 'Another node is sweeping right now; try again later',
    th: 'มีโหนดอื่นกำลังลบข้อมูลอยู่ กรุณาลองใหม่ภายหลัง',
  },
} as const;
