/** Messages of the pipeline's job-control routes (run-step). */
export const PIPELINE_MESSAGES = {
  // Retry with backoff (issue 36, docs/retries.md): the operator's actions on a waiting run.
  retryNowQueued: {
    en: 'Step {step} of run {jobInstanceNo} will be tried again now',
    th: 'ระบบจะลองขั้นตอนที่ {step} ของรายการ {jobInstanceNo} ใหม่ทันที',
  },
  retriesCancelled: {
    en: 'Retries of step {step} of run {jobInstanceNo} cancelled: the step stays ERROR and the run ends',
    th: 'ยกเลิกการลองใหม่ของขั้นตอนที่ {step} ของรายการ {jobInstanceNo} แล้ว: ขั้นตอนคงเป็น ERROR และการรันสิ้นสุด',
  },
  runNotWaitingForRetry: {
    en: 'Run {jobInstanceNo} is not waiting for a retry',
    th: 'รายการรัน {jobInstanceNo} ไม่ได้รอการลองใหม่',
  },
  retryPolicyMaxBelowFirst: {
    en: 'Retry policy: the maximum delay ({max} ms) is shorter than the first delay ({first} ms)',
    th: 'นโยบายการลองใหม่: ระยะรอสูงสุด ({max} ms) สั้นกว่าระยะรอครั้งแรก ({first} ms)',
  },
  stepRerunQueued: {
    en: 'Step {step} of run {jobInstanceNo} will run again, then the steps after it',
    th: 'ระบบจะรันขั้นตอนที่ {step} ของรายการ {jobInstanceNo} ใหม่ และขั้นตอนถัดไป',
  },
  stepRerunQueuedBehind: {
    en: 'Step {step} of run {jobInstanceNo} will run again when run {runningNo} of the job has ended, then the steps after it',
    th: 'ระบบจะรันขั้นตอนที่ {step} ของรายการ {jobInstanceNo} ใหม่เมื่อรายการ {runningNo} ของงานนี้สิ้นสุด และขั้นตอนถัดไป',
  },
  stepRunActive: {
    en: 'Run {jobInstanceNo} has not ended yet; wait for it before re-running a step',
    th: 'รายการ {jobInstanceNo} ยังทำงานไม่เสร็จ กรุณารอก่อนรันขั้นตอนใหม่',
  },
  stepNotInPlan: {
    en: 'A {legacyType} job has no step {step}',
    th: 'งานประเภท {legacyType} ไม่มีขั้นตอนที่ {step}',
  },
  stepNotInError: {
    en: 'Only a step in ERROR or STOPPED can be re-run; step {step} of run {jobInstanceNo} is {status}',
    th: 'รันใหม่ได้เฉพาะขั้นตอนที่ ERROR หรือ STOPPED เท่านั้น ขั้นตอนที่ {step} ของรายการ {jobInstanceNo} มีสถานะ {status}',
  },
  stepEarlierFailed: {
    en: 'Step {earlier} of run {jobInstanceNo} is in ERROR or STOPPED: re-run it first',
    th: 'ขั้นตอนที่ {earlier} ของรายการ {jobInstanceNo} เป็น ERROR หรือ STOPPED กรุณารันขั้นตอนนั้นใหม่ก่อน',
  },
  taskExportDateRequired: { en: 'Please select a date', th: 'กรุณาเลือกวันที่' },
  actionPasswordRequired: { en: 'Please enter the password', th: 'กรุณากรอกรหัสผ่าน' },
  actionPasswordWrong: { en: 'Password incorrect', th: 'รหัสผ่านไม่ถูกต้อง' },
  actionPasswordLength: {
    en: 'The action password must have {min} to {max} characters',
    th: 'รหัสผ่านยืนยันต้องมีความยาว {min} ถึง {max} ตัวอักษร',
  },
  actionPasswordSaved: { en: 'The action password was saved', th: 'บันทึกรหัสผ่านยืนยันแล้ว' },
} as const;
