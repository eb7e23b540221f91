/**
 * What the engine writes about runs — run messages, step messages, system-log lines — by key, in
 * English and Thai. Rows keep the key and its parameters (migration 0015) and are read in the
 * reader's language; the English text is stored beside them for the legacy API, e-mail and exports.
 *
 * Keys are stored in the database: never rename or remove one, and keep its placeholders (add a new
 * key instead). English and Thai must name the same placeholders (run-message.ts checks it).
 */
export const RUN_MESSAGES = {
  // The scheduler: a fire skipped by overlap, a misfire, a fire no node took.
  runSkippedOverlap: {
    en: 'skipped: a run of the job is still active',
    th: 'ข้าม: การรันก่อนหน้าของงานนี้ยังทำงานอยู่',
  },
  runSkippedSuspended: {
    en: 'skipped: the job was suspended by run {jobInstanceNo} before this run started',
    th: 'ข้าม: งานถูกพักไว้โดยรายการ {jobInstanceNo} ก่อนที่รายการนี้จะเริ่ม',
  },
  triggerMisfired: {
    en: 'misfire: trigger {trigger} was due at {dueAt}; {policy}, {missed} fire time(s) missed',
    th: 'พลาดกำหนด: trigger {trigger} ถึงกำหนดเมื่อ {dueAt}; {policy} พลาดไป {missed} ครั้ง',
  },
  // Maintenance windows (issue 34): a due fire held, and what the misfire policy did at the end.
  triggerMaintenanceHeld: {
    en: 'maintenance: trigger {trigger} was due at {dueAt}; held by maintenance window {windows} until {until}',
    th: 'ช่วงปิดปรับปรุง: trigger {trigger} ถึงกำหนดเมื่อ {dueAt} ถูกระงับไว้โดยช่วงปิดปรับปรุง {windows} จนถึง {until}',
  },
  triggerMaintenanceFiredOnce: {
    en: 'maintenance over: trigger {trigger} was held since its fire at {dueAt}; misfire policy fire_once_now fired it once now, {missed} other fire time(s) missed',
    th: 'สิ้นสุดช่วงปิดปรับปรุง: trigger {trigger} ถูกระงับตั้งแต่กำหนดเมื่อ {dueAt}; นโยบาย fire_once_now สั่งทำงานหนึ่งครั้งตอนนี้ พลาดกำหนดอื่น {missed} ครั้ง',
  },
  triggerMaintenanceSkipped: {
    en: 'maintenance over: trigger {trigger} was held since its fire at {dueAt}; misfire policy do_nothing skipped {missed} fire time(s), next fire at {next}',
    th: 'สิ้นสุดช่วงปิดปรับปรุง: trigger {trigger} ถูกระงับตั้งแต่กำหนดเมื่อ {dueAt}; นโยบาย do_nothing ข้ามไป {missed} ครั้ง กำหนดถัดไปเมื่อ {next}',
  },
  triggerStuck: {
    en: 'stuck fire: trigger {trigger} was due at {dueAt} and no node has fired it for {seconds} s',
    th: 'trigger ค้าง: trigger {trigger} ถึงกำหนดเมื่อ {dueAt} แต่ไม่มีโหนดใดเริ่มทำงานมา {seconds} วินาที',
  },
  // The run (runs: run-claim; worker: run-execution, run-recovery).
  runStartedOnNode: { en: 'run started on node {node}', th: 'เริ่มรันบนโหนด {node}' },
  runTakenOver: {
    en: 'run taken over by node {node} (attempt {attempt})',
    th: 'โหนด {node} รับช่วงการรันต่อ (ครั้งที่ {attempt})',
  },
  runResumed: {
    en: 'run resumed by node {node} (attempt {attempt})',
    th: 'โหนด {node} รันต่อ (ครั้งที่ {attempt})',
  },
  runWaitingFor: { en: 'waiting for {names}', th: 'รอ {names}' },
  runWaitingForPredecessors: {
    en: 'waiting for predecessors: {names}',
    th: 'รองานที่ต้องทำก่อน: {names}',
  },
  runPredecessorsUnfinished: {
    en: 'predecessors did not finish: {names}',
    th: 'งานที่ต้องทำก่อนไม่เสร็จ: {names}',
  },
  runStoppedBy: { en: 'stopped by {user}', th: 'หยุดโดย {user}' },
  runLogStoppedBy: { en: 'run stopped by {user}', th: 'การรันถูกหยุดโดย {user}' },
  runEnded: { en: 'run ended {status}', th: 'การรันสิ้นสุดด้วยสถานะ {status}' },
  runEndedWith: { en: 'run ended {status}: {detail}', th: 'การรันสิ้นสุดด้วยสถานะ {status}: {detail}' },
  runHandedBack: {
    en: 'run handed back by node {node} at shutdown',
    th: 'โหนด {node} คืนการรันกลับเข้าคิวเมื่อปิดระบบ',
  },
  runLeaseExpired: {
    en: 'lease of node {node} expired (attempt {attempt}); run requeued by node {by}',
    th: 'สิทธิ์ถือการรันของโหนด {node} หมดอายุ (ครั้งที่ {attempt}) โหนด {by} นำการรันกลับเข้าคิว',
  },
  runNodeLost: { en: 'node lost', th: 'ขาดการติดต่อกับโหนด' },
  runNodeLostLine: {
    en: 'node lost: {node} (attempt {attempt})',
    th: 'ขาดการติดต่อกับโหนด {node} (ครั้งที่ {attempt})',
  },

  // Chains (chain-runner).
  chainNotFound: { en: 'chain {chain} not found', th: 'ไม่พบ chain {chain}' },
  chainMemberEnded: {
    en: 'member {position}/{count} {legacyId} ended {state}',
    th: 'สมาชิกลำดับ {position}/{count} {legacyId} สิ้นสุดด้วยสถานะ {state}',
  },
  chainStopped: {
    en: 'chain stopped: member {legacyId} ended ERROR',
    th: 'chain หยุด: สมาชิก {legacyId} สิ้นสุดด้วย ERROR',
  },
  chainStoppedWith: {
    en: 'chain stopped: member {legacyId} ended ERROR: {detail}',
    th: 'chain หยุด: สมาชิก {legacyId} สิ้นสุดด้วย ERROR: {detail}',
  },
  chainMemberStopped: {
    en: 'chain stopped: member {legacyId} was stopped',
    th: 'chain หยุด: สมาชิก {legacyId} ถูกสั่งหยุด',
  },
  chainMemberStoppedWith: {
    en: 'chain stopped: member {legacyId} was stopped: {detail}',
    th: 'chain หยุด: สมาชิก {legacyId} ถูกสั่งหยุด: {detail}',
  },
  chainEnded: {
    en: 'chain ended {status} ({count} members)',
    th: 'chain สิ้นสุดด้วยสถานะ {status} (สมาชิก {count} งาน)',
  },
  chainMemberVanished: { en: 'member run vanished', th: 'ไม่พบการรันของสมาชิก' },

  // Operators (scheduling routes).
  jobContinuedBy: { en: 'Job {legacyId} continued by {user}', th: 'งาน {legacyId} ทำงานต่อโดย {user}' },
  runRequestedBy: { en: 'Run requested by {user}', th: '{user} สั่งรัน' },
  stopRequestedBy: { en: 'Stop requested by {user}', th: '{user} สั่งหยุด' },
  stepRerunRequestedBy: {
    en: 'step {step} re-run requested by {user}',
    th: '{user} สั่งรันขั้นตอนที่ {step} ใหม่',
  },
  stepRerunRequestedSteps: {
    en: 'step {step} re-run requested by {user} (steps {steps})',
    th: '{user} สั่งรันขั้นตอนที่ {step} ใหม่ (ขั้นตอน {steps})',
  },

  // Business calendars (issue 34): who changed a named calendar.
  calendarCreatedBy: { en: 'Calendar {name} created by {user}', th: '{user} สร้างปฏิทิน {name}' },
  calendarUpdatedBy: { en: 'Calendar {name} changed by {user}', th: '{user} แก้ไขปฏิทิน {name}' },
  calendarDeletedBy: { en: 'Calendar {name} deleted by {user}', th: '{user} ลบปฏิทิน {name}' },

  // Maintenance windows (issue 34): who changed one.
  maintenanceCreatedBy: {
    en: 'Maintenance window {name} created by {user}',
    th: '{user} สร้างช่วงปิดปรับปรุง {name}',
  },
  maintenanceUpdatedBy: {
    en: 'Maintenance window {name} changed by {user}',
    th: '{user} แก้ไขช่วงปิดปรับปรุง {name}',
  },
  maintenanceDeletedBy: {
    en: 'Maintenance window {name} deleted by {user}',
    th: '{user} ลบช่วงปิดปรับปรุง {name}',
  },

  // Alerts (issue 35, modules/alerts): an alert raised, a delivery that failed for good.
  alertRaised: {
    en: 'alert {condition} raised ({subject}), event {eventId}: to {channels}',
    th: 'แจ้งเตือน {condition} ({subject}) เหตุการณ์ {eventId}: ส่งถึง {channels}',
  },
  alertDeliveryFailed: {
    en: 'alert {condition} ({subject}), event {eventId}: delivery to channel {channel} failed after {attempts} attempt(s): {reason}',
    th: 'แจ้งเตือน {condition} ({subject}) เหตุการณ์ {eventId}: ส่งถึงช่องทาง {channel} ไม่สำเร็จหลังพยายาม {attempts} ครั้ง: {reason}',
  },
  // File deadlines (issue 35): a day's expectation changed state (engine/expectations), who changed one.
  expectationOnTime: {
    en: 'files on time: job {legacyId} loaded {files} file(s) for {day} in run {run} at {arrivedAt}, by the deadline {deadline} (ON_TIME)',
    th: 'ไฟล์มาตรงเวลา: งาน {legacyId} รับไฟล์ {files} ไฟล์ของวันที่ {day} ในการรัน {run} เมื่อ {arrivedAt} ก่อนกำหนด {deadline} (ON_TIME)',
  },
  expectationLate: {
    en: 'files late: job {legacyId} expects files for {day} by {deadline} and none have arrived (LATE)',
    th: 'ไฟล์ล่าช้า: งาน {legacyId} ต้องได้รับไฟล์ของวันที่ {day} ภายใน {deadline} แต่ยังไม่มีไฟล์มา (LATE)',
  },
  expectationMissing: {
    en: 'files missing: the files of job {legacyId} for {day} did not arrive by the deadline {deadline} (MISSING)',
    th: 'ไม่ได้รับไฟล์: ไฟล์ของงาน {legacyId} วันที่ {day} ไม่มาภายในกำหนด {deadline} (MISSING)',
  },
  expectationRecovered: {
    en: 'files arrived after all: job {legacyId} loaded {files} file(s) for {day} in run {run} at {arrivedAt} (deadline {deadline}; RECOVERED)',
    th: 'ได้รับไฟล์แล้ว: งาน {legacyId} รับไฟล์ {files} ไฟล์ของวันที่ {day} ในการรัน {run} เมื่อ {arrivedAt} (กำหนด {deadline}; RECOVERED)',
  },
  expectationSavedBy: {
    en: 'File deadline of job {legacyId} set to {deadline} by {user}',
    th: '{user} ตั้งกำหนดเวลารับไฟล์ของงาน {legacyId} เป็น {deadline}',
  },
  expectationDeletedBy: {
    en: 'File deadline of job {legacyId} removed by {user}',
    th: '{user} ลบกำหนดเวลารับไฟล์ของงาน {legacyId}',
  },

  // Connection checks (issue 35, decision 0049): a server became unreachable or reachable again (engine/server-checks).
  serverKindApi: { en: 'function server', th: 'เซิร์ฟเวอร์ฟังก์ชัน' },
  serverKindSftp: { en: 'sFTP server', th: 'เซิร์ฟเวอร์ sFTP' },
  serverUnreachable: {
    en: '{kind} {server} ({address}) is unreachable since {since}: {failures} connection checks in a row failed, the last with: {error}',
    th: '{kind} {server} ({address}) ติดต่อไม่ได้ตั้งแต่ {since}: ตรวจสอบการเชื่อมต่อไม่สำเร็จ {failures} ครั้งติดกัน ครั้งล่าสุด: {error}',
  },
  serverReachableAgain: {
    en: '{kind} {server} ({address}) is reachable again (unreachable since {since})',
    th: '{kind} {server} ({address}) ติดต่อได้อีกครั้ง (ติดต่อไม่ได้ตั้งแต่ {since})',
  },

  // The pipeline (pipeline.handler, run-recorder); the steps' names (engine/runs/run-steps.ts).
  stepName1: { en: 'load files', th: 'รับไฟล์' },
  stepName2: { en: 'call function', th: 'เรียกฟังก์ชัน' },
  stepName3: { en: 'return files', th: 'ส่งไฟล์กลับ' },
  stepName4: { en: 'function status', th: 'สถานะฟังก์ชัน' },
  stepName5: { en: 'conversion', th: 'แปลงไฟล์' },
  stepName6: { en: 'send e-mail', th: 'ส่งอีเมล' },
  stepStarted: { en: 'step {step} ({name}) started', th: 'เริ่มขั้นตอนที่ {step} ({name})' },
  stepRunning: { en: 'step {step} ({name}) running', th: 'กำลังทำขั้นตอนที่ {step} ({name})' },
  stepEnded: {
    en: 'step {step} ({name}) {status}: {detail}',
    th: 'ขั้นตอนที่ {step} ({name}) {status}: {detail}',
  },
  runStepOutcome: { en: 'step {step} ({name}): {detail}', th: 'ขั้นตอนที่ {step} ({name}): {detail}' },
  runJobSuspended: { en: '{detail} (job suspended)', th: '{detail} (พักงานแล้ว)' },
  jobSuspendedStep4Error: {
    en: 'job {legacyId} suspended (step 4 ERROR)',
    th: 'พักงาน {legacyId} (ขั้นตอนที่ 4 ERROR)',
  },
  jobSuspendedWarning: { en: 'job {legacyId} suspended (WARNING)', th: 'พักงาน {legacyId} (WARNING)' },
  jobGone: {
    en: 'job {legacyId} of {company} no longer exists',
    th: 'ไม่มีงาน {legacyId} ของบริษัท {company} แล้ว',
  },
  answerBackupMissing: {
    en: 'the function answer backup is missing',
    th: 'ไม่พบสำเนาคำตอบของฟังก์ชัน',
  },
  stepNotInPipeline: {
    en: 'step {step} is not part of the pipeline',
    th: 'ขั้นตอนที่ {step} ไม่อยู่ในลำดับการทำงาน',
  },
  stepStopped: { en: 'stopped: {reason}', th: 'หยุดแล้ว: {reason}' },

  // Step 1 (load).
  loadNoSourceServer: { en: 'no sFTP source server is configured', th: 'ยังไม่ได้กำหนด sFTP server ต้นทาง' },
  loadNoSourcePath: { en: 'no sFTP source path is configured', th: 'ยังไม่ได้กำหนด path ต้นทางของ sFTP' },
  loadStopped: { en: 'stopped', th: 'หยุดแล้ว' },
  loadPendingUnsettled: {
    en: '{failure} — {count} file(s) are backed up but not yet seen deleted at the source: {names}. Re-run step 1 to finish taking them.',
    th: '{failure} — สำรองไฟล์แล้ว {count} ไฟล์ แต่ยังไม่เห็นว่าถูกลบที่ต้นทาง: {names} กรุณารันขั้นตอนที่ 1 ใหม่เพื่อรับไฟล์ให้เสร็จ',
  },
  loadNothingTaken: { en: 'no file could be taken: {left}', th: 'รับไฟล์ไม่ได้เลย: {left}' },
  loadNoneTakenLeft: {
    en: 'No file taken; left at the source: {left}',
    th: 'ไม่ได้รับไฟล์ใด ไฟล์ที่ยังอยู่ที่ต้นทาง: {left}',
  },
  loadNoFile: { en: 'No file', th: 'ไม่มีไฟล์' },
  loadNoFileReleased: { en: 'No file ({released})', th: 'ไม่มีไฟล์ ({released})' },
  loadReleasedTo: { en: '{name} was taken by run {run}', th: '{name} ถูกรับไปโดยการรัน {run}' },
  loadLoaded: { en: '{count} file(s) loaded: {names}', th: 'รับไฟล์แล้ว {count} ไฟล์: {names}' },
  loadLoadedReleased: {
    en: '{count} file(s) loaded: {names} ({released})',
    th: 'รับไฟล์แล้ว {count} ไฟล์: {names} ({released})',
  },
  loadThenSourceFailed: {
    en: 'then the sFTP source failed: {failure}',
    th: 'จากนั้น sFTP ต้นทางล้มเหลว: {failure}',
  },
  loadLeftAtSource: { en: 'left at the source: {left}', th: 'ไฟล์ที่ยังอยู่ที่ต้นทาง: {left}' },
  loadWithProblems: { en: '{loaded}; {problems}', th: '{loaded}; {problems}' },
  loadLeftFile: { en: '{name} ({reason})', th: '{name} ({reason})' },
  loadLeftNotTaken: {
    en: 'left at the source, not taken by this run: {left}',
    th: 'ไฟล์ที่ยังอยู่ที่ต้นทาง การรันนี้ไม่ได้รับไป: {left}',
  },
  loadNotDeleted: {
    en: 'it could not be deleted from the source ({reason})',
    th: 'ลบไฟล์ที่ต้นทางไม่ได้ ({reason})',
  },
  sourceRetry: {
    en: 'sFTP source failed ({reason}); try {next} in {delay} ms',
    th: 'sFTP ต้นทางล้มเหลว ({reason}) จะลองครั้งที่ {next} ในอีก {delay} มิลลิวินาที',
  },
  sourceDownloaded: {
    en: 'downloaded {remote} ({size} bytes, sha256 {sha256})',
    th: 'ดาวน์โหลด {remote} แล้ว ({size} ไบต์, sha256 {sha256})',
  },
  sourceDeleted: {
    en: 'deleted {remote} from the source after its backup',
    th: 'ลบ {remote} ที่ต้นทางแล้วหลังสำรองไฟล์',
  },
  sourceTakenByOther: {
    en: '{remote} was taken by run {run}: this run leaves it to that one',
    th: '{remote} ถูกรับไปโดยการรัน {run} การรันนี้จึงปล่อยให้การรันนั้น',
  },
  sourceGoneOwned: {
    en: '{remote} is no longer at the source: this run owns its backup',
    th: '{remote} ไม่อยู่ที่ต้นทางแล้ว การรันนี้เป็นเจ้าของสำเนาของไฟล์',
  },
  sourceNewContent: {
    en: '{remote} now holds other content: this run owns its backup; the new file is left for the next run',
    th: '{remote} มีเนื้อหาอื่นแล้ว การรันนี้เป็นเจ้าของสำเนาของไฟล์ และเหลือไฟล์ใหม่ไว้ให้การรันถัดไป',
  },
  doneMarkerDeleted: {
    en: 'deleted the done-marker {marker} after {remote}',
    th: 'ลบไฟล์สัญญาณเสร็จ {marker} หลัง {remote} แล้ว',
  },
  doneMarkerNotDeleted: {
    en: 'the done-marker of {remote} ({marker}) could not be deleted: {reason}',
    th: 'ลบไฟล์สัญญาณเสร็จของ {remote} ({marker}) ไม่ได้: {reason}',
  },

  // Step 5 (conversion), step 2 (call), step 4 (function status).
  convertDone: {
    en: '{files} file(s) converted, {records} record(s)',
    th: 'แปลงไฟล์แล้ว {files} ไฟล์ {records} รายการ',
  },
  callNoApiServer: { en: 'no API server is configured', th: 'ยังไม่ได้กำหนด API server' },
  callNamesRequired: {
    en: 'API ClassName and API Function Name are required',
    th: 'ต้องระบุ API ClassName และ API Function Name',
  },
  callStarted: {
    en: 'step 2 calls {origin} with idempotency key {key}',
    th: 'ขั้นตอนที่ 2 เรียก {origin} ด้วย idempotency key {key}',
  },
  callAnswered: {
    en: '{answer} ({files} file(s), {results} result(s))',
    th: '{answer} ({files} ไฟล์, {results} ผลลัพธ์)',
  },
  statusNoErrors: {
    en: '{count} document(s), none in error',
    th: '{count} เอกสาร ไม่มีรายการผิดพลาด',
  },
  statusErrors: {
    en: '{errors} of {count} document(s) in error: {first}',
    th: 'ผิดพลาด {errors} จาก {count} เอกสาร: {first}',
  },
  statusErrorsWithFiles: {
    en: '{errors} of {count} document(s) in error; error source files: {files}: {first}',
    th: 'ผิดพลาด {errors} จาก {count} เอกสาร ไฟล์ต้นทางที่ผิดพลาด: {files}: {first}',
  },

  // Step 3 (return).
  returnNoResultFiles: { en: 'No result files', th: 'ไม่มีไฟล์ผลลัพธ์' },
  returnDelivered: { en: '{count} file(s) delivered', th: 'ส่งไฟล์แล้ว {count} ไฟล์' },
  returnDeliveredSkipped: {
    en: '{count} file(s) delivered, {skipped} already delivered before',
    th: 'ส่งไฟล์แล้ว {count} ไฟล์ และ {skipped} ไฟล์ส่งไปก่อนหน้านี้แล้ว',
  },
  returnAlreadyThere: {
    en: 'found {remote} already delivered (same size and SHA-256): not sent again',
    th: 'พบว่า {remote} ส่งไปแล้ว (ขนาดและ SHA-256 ตรงกัน) จึงไม่ส่งซ้ำ',
  },
  returnDeliveredFile: { en: 'delivered {remote} ({bytes} bytes)', th: 'ส่ง {remote} แล้ว ({bytes} ไบต์)' },
  returnDeliveredDms: {
    en: 'delivered {file} to DMS {server} bucket {bucket}',
    th: 'ส่ง {file} ไปยัง DMS {server} bucket {bucket} แล้ว',
  },
  returnRetry: {
    en: 'sFTP return failed ({reason}); try {next} in {delay} ms',
    th: 'sFTP ปลายทางล้มเหลว ({reason}) จะลองครั้งที่ {next} ในอีก {delay} มิลลิวินาที',
  },
  returnStaleRemoved: {
    en: 'removed {count} abandoned temporary file(s) in {folder}',
    th: 'ลบไฟล์ชั่วคราวที่ค้างอยู่ {count} ไฟล์ใน {folder} แล้ว',
  },
  returnStaleNotCleared: {
    en: 'could not clear abandoned temporary files in {folder}: {reason}',
    th: 'ลบไฟล์ชั่วคราวที่ค้างอยู่ใน {folder} ไม่ได้: {reason}',
  },
  returnTemporariesLeft: {
    en: 'could not remove {files} ({reason}): the next step 3 removes them',
    th: 'ลบ {files} ไม่ได้ ({reason}) ขั้นตอนที่ 3 ครั้งถัดไปจะลบให้',
  },
  returnRemovedTemporary: {
    en: 'removed {temporary}, left by an upload cut short',
    th: 'ลบ {temporary} ที่ค้างจากการอัปโหลดที่ถูกตัดกลางคันแล้ว',
  },

  // Step 6 (e-mail).
  mailNoRecipients: {
    en: 'no active e-mail recipients for this outcome',
    th: 'ไม่มีผู้รับอีเมลที่เปิดใช้งานสำหรับผลลัพธ์นี้',
  },
  mailQueued: { en: '{count} e-mail(s) queued for sending', th: 'อีเมล {count} ฉบับอยู่ในคิวรอส่ง' },
  mailKept: {
    en: '{count} e-mail(s) kept in the outbox (no SMTP)',
    th: 'เก็บอีเมล {count} ฉบับไว้ในกล่องขาออก (ไม่ได้ตั้งค่า SMTP)',
  },
  mailAlreadySent: {
    en: '{count} e-mail(s) already sent or being sent for this run, not queued again',
    th: 'อีเมล {count} ฉบับของการรันนี้ส่งแล้วหรือกำลังส่ง จึงไม่เข้าคิวซ้ำ',
  },
  mailParts: { en: '{first}; {second}', th: '{first}; {second}' },
  // Retry with backoff (issue 36, docs/retries.md).
  stepRetryScheduled: {
    en: 'step {step} ({name}) attempt {attempt} of {max} failed: {detail}; attempt {next} at {at}',
    th: 'ขั้นตอนที่ {step} ({name}) ครั้งที่ {attempt} จาก {max} ล้มเหลว: {detail}; จะลองครั้งที่ {next} เวลา {at}',
  },
  runRetryWaiting: {
    en: 'step {step} ({name}): attempt {next} of {max} at {at} ({detail})',
    th: 'ขั้นตอนที่ {step} ({name}): จะลองครั้งที่ {next} จาก {max} เวลา {at} ({detail})',
  },
  stepRetryAttempt: {
    en: 'step {step} ({name}): attempt {attempt} of {max}',
    th: 'ขั้นตอนที่ {step} ({name}): ครั้งที่ {attempt} จาก {max}',
  },
  stepRetriesExhausted: {
    en: 'step {step} ({name}): attempt {attempt} of {max} failed, no attempt left',
    th: 'ขั้นตอนที่ {step} ({name}): ครั้งที่ {attempt} จาก {max} ล้มเหลว ไม่เหลือครั้งให้ลองอีก',
  },
  stepRetriesCancelled: {
    en: 'retries of step {step} ({name}) cancelled by {user}',
    th: '{user} ยกเลิกการลองใหม่ของขั้นตอนที่ {step} ({name})',
  },
  stepRetryNow: {
    en: 'retry of step {step} ({name}) asked for now by {user}',
    th: '{user} สั่งให้ลองขั้นตอนที่ {step} ({name}) ใหม่ทันที',
  },
} as const;
