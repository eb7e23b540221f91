/** Messages of job control, the server and job configuration screens, and the server's general ones. */
export const JOBS_MESSAGES = {
  notFound: { en: 'Not found', th: 'ไม่พบข้อมูล' },
  jobNotFound: {
    en: 'Job {legacyId} of company {company} was not found',
    th: 'ไม่พบงาน {legacyId} ของบริษัท {company}',
  },
  jobNotSuspended: { en: 'Job {legacyId} is not suspended', th: 'งาน {legacyId} ไม่ได้ถูกพักไว้' },
  jobResumed: { en: 'Job {legacyId} continues', th: 'งาน {legacyId} ทำงานต่อแล้ว' },
  jobSuspended: {
    en: 'Job {legacyId} is suspended: continue it before running it',
    th: 'งาน {legacyId} ถูกพักไว้ กรุณาสั่งทำงานต่อก่อนสั่งรัน',
  },
  jobAlreadyQueued: {
    en: 'Job {legacyId} already has a run waiting to start ({jobInstanceNo})',
    th: 'งาน {legacyId} มีรายการที่รอเริ่มทำงานอยู่แล้ว ({jobInstanceNo})',
  },
  runQueued: { en: 'Job {legacyId} will run now', th: 'สั่งรันงาน {legacyId} แล้ว' },
  jobRunActive: {
    en: 'Job {legacyId} is still running ({jobInstanceNo}, {state}); its overlap policy allows one run at a time, so no second run was started. Try again when it has ended.',
    th: 'งาน {legacyId} ยังทำงานอยู่ ({jobInstanceNo}, {state}) นโยบายการรันซ้อนของงานนี้อนุญาตให้รันได้ครั้งละหนึ่งรายการ จึงไม่ได้เริ่มรายการที่สอง กรุณาลองใหม่เมื่อรายการเดิมสิ้นสุดแล้ว',
  },
  runQueuedBehind: {
    en: 'Job {legacyId} is still running ({jobInstanceNo}): the new run waits in the queue and starts when that one has ended',
    th: 'งาน {legacyId} ยังทำงานอยู่ ({jobInstanceNo}) รายการใหม่จะรอในคิวและเริ่มเมื่อรายการเดิมสิ้นสุด',
  },
  runNotFound: { en: 'Run {jobInstanceNo} was not found', th: 'ไม่พบรายการรัน {jobInstanceNo}' },
  runEnded: {
    en: 'Run {jobInstanceNo} has already ended',
    th: 'รายการรัน {jobInstanceNo} สิ้นสุดไปแล้ว',
  },
  cancelRequested: {
    en: 'Run {jobInstanceNo} has been asked to stop',
    th: 'ส่งคำสั่งหยุดรายการรัน {jobInstanceNo} แล้ว',
  },
  rescheduled: {
    en: 'The triggers of {count} job(s) were rebuilt',
    th: 'สร้างตารางเวลาใหม่ให้ {count} งานแล้ว',
  },
  triggerNotFound: { en: 'Trigger {id} was not found', th: 'ไม่พบตัวตั้งเวลา {id}' },
  triggerNotRunning: {
    en: 'Trigger {id} is {state}: only a waiting trigger can be stopped',
    th: 'ตัวตั้งเวลา {id} อยู่ในสถานะ {state} หยุดได้เฉพาะตัวที่รอทำงาน',
  },
  triggerNotPaused: {
    en: 'Trigger {id} is {state}: only a stopped trigger can be resumed',
    th: 'ตัวตั้งเวลา {id} อยู่ในสถานะ {state} สั่งทำงานต่อได้เฉพาะตัวที่หยุดไว้',
  },
  triggerPaused: { en: 'Trigger {id} is stopped', th: 'หยุดตัวตั้งเวลา {id} แล้ว' },
  triggerResumed: { en: 'Trigger {id} runs again', th: 'ตัวตั้งเวลา {id} กลับมาทำงานแล้ว' },
  apiServerRequired: {
    en: 'Please fill in complete data: API Server ID, API URL, API Username and API Password',
    th: 'กรุณากรอกข้อมูลให้ครบถ้วน: API Server ID, API URL, API Username และ API Password',
  },
  apiServerNotFound: {
    en: 'API Server {id} of company {company} was not found',
    th: 'ไม่พบ API Server {id} ของบริษัท {company}',
  },
  apiServerDuplicate: {
    en: 'Not successful: API Server ID {id} already exists in company {company}',
    th: 'ไม่สำเร็จ: API Server ID {id} มีอยู่แล้วในบริษัท {company}',
  },
  /** `{fields}`: only the fields really missing, each with its name on the wire (LIS issue 31 point 9). */
  sftpServerRequired: {
    en: 'Please fill in complete data: {fields}',
    th: 'กรุณากรอกข้อมูลให้ครบถ้วน: {fields}',
  },
  sftpServerNotFound: {
    en: 'sFTP Server {id} of company {company} was not found',
    th: 'ไม่พบ sFTP Server {id} ของบริษัท {company}',
  },
  sftpServerDuplicate: {
    en: 'Not successful: sFTP Server ID {id} already exists in company {company}',
    th: 'ไม่สำเร็จ: sFTP Server ID {id} มีอยู่แล้วในบริษัท {company}',
  },
  sftpPrivateKeyInvalid: {
    en: 'The private key is not valid: paste an unencrypted OpenSSH or PEM private key',
    th: 'Private Key ไม่ถูกต้อง: กรุณาวาง private key แบบ OpenSSH หรือ PEM ที่ไม่ได้เข้ารหัส',
  },
  dmsServerRequired: {
    en: 'Please fill in complete data: fill in SID, Company Code and Dms Server ID',
    th: 'กรุณากรอกข้อมูลให้ครบถ้วน: กรอก SID, Company Code และ Dms Server ID',
  },
  dmsServerNotFound: {
    en: 'Dms Server {id} of company {company} was not found',
    th: 'ไม่พบ Dms Server {id} ของบริษัท {company}',
  },
  dmsServerDuplicate: {
    en: 'Not successful: Dms Server ID {id} already exists in company {company}',
    th: 'ไม่สำเร็จ: Dms Server ID {id} มีอยู่แล้วในบริษัท {company}',
  },
  configInvalid: { en: 'The data is not valid: {problem}', th: 'ข้อมูลไม่ถูกต้อง: {problem}' },
  configSaved: { en: 'Saved data successfully', th: 'บันทึกข้อมูลสำเร็จ' },
  configDeleted: { en: 'Deleted successfully', th: 'ลบข้อมูลสำเร็จ' },
  jobConfigNotFound: {
    en: 'Job config {id} of company {company} was not found',
    th: 'ไม่พบ Job config {id} ของบริษัท {company}',
  },
  jobConfigDuplicate: {
    en: 'Not successful: Legacy ID {id} already exists in company {company}',
    th: 'ไม่สำเร็จ: Legacy ID {id} มีอยู่แล้วในบริษัท {company}',
  },
  jobConfigCronInvalid: {
    en: 'Cron trigger {expression} is not valid: {problem}',
    th: 'Cron trigger {expression} ไม่ถูกต้อง: {problem}',
  },
  jobConfigRegexInvalid: {
    en: '{field} is not a valid regular expression: {problem}',
    th: '{field} ไม่ใช่ regular expression ที่ถูกต้อง: {problem}',
  },
  jobConfigServerUnknown: {
    en: '{field}: server {id} does not exist in company {company}',
    th: '{field}: ไม่มีเซิร์ฟเวอร์ {id} ในบริษัท {company}',
  },
  jobConfigPathInvalid: {
    en: '{field} must be an absolute path starting with / without .., a backslash or control characters',
    th: '{field} ต้องเป็น path แบบเต็มที่ขึ้นต้นด้วย / และไม่มี .. เครื่องหมาย \\ หรืออักขระควบคุม',
  },
  jobConfigTextInvalid: {
    en: '{field} must not contain control characters',
    th: '{field} ต้องไม่มีอักขระควบคุม',
  },
  jobConfigPredecessorUnknown: {
    en: 'Start after Legacy ID {id} does not exist in company {company}',
    th: 'ไม่มี Legacy ID {id} (เริ่มหลังจาก) ในบริษัท {company}',
  },
  jobConfigPredecessorSelf: {
    en: 'Legacy ID {id} cannot start after itself',
    th: 'Legacy ID {id} ไม่สามารถเริ่มหลังจากตัวเองได้',
  },
  jobConfigTooLong: {
    en: '{field} is longer than {max} characters',
    th: '{field} ยาวเกิน {max} ตัวอักษร',
  },
  jobConfigDoneMarkerInvalid: {
    en: '{field} must contain {name} or {base} once, with text before or after it, and no / or \\ ({problem})',
    th: '{field} ต้องมี {name} หรือ {base} หนึ่งครั้ง โดยมีข้อความก่อนหรือหลัง และต้องไม่มี / หรือ \\ ({problem})',
  },
  jobConfigExcludeNamesInvalid: {
    en: '{field}: the pattern {pattern} cannot be used: {problem}',
    th: '{field}: ใช้รูปแบบ {pattern} ไม่ได้: {problem}',
  },
  filenameRegexInvalid: {
    en: 'The filename format is not a valid regular expression: {problem}',
    th: 'รูปแบบชื่อไฟล์ไม่ใช่ regular expression ที่ถูกต้อง: {problem}',
  },
  filenameRegexTooLong: {
    en: 'The filename format is longer than {max} characters',
    th: 'รูปแบบชื่อไฟล์ยาวเกิน {max} ตัวอักษร',
  },
  filenameSamplesRequired: {
    en: 'Please add the list of sample file names first',
    th: 'กรุณาเพิ่มรายชื่อไฟล์ตัวอย่างก่อน',
  },
  filenameSampleEmpty: {
    en: 'A sample file name must not be empty',
    th: 'ชื่อไฟล์ตัวอย่างต้องไม่ว่าง',
  },
  filenameSamplesTooMany: {
    en: 'At most {max} sample file names of at most {length} characters each',
    th: 'ชื่อไฟล์ตัวอย่างได้ไม่เกิน {max} รายการ รายการละไม่เกิน {length} ตัวอักษร',
  },
  secretUnreadable: {
    en: 'The stored secret of {id} cannot be read: enter it again and save',
    th: 'ไม่สามารถอ่านรหัสลับที่บันทึกไว้ของ {id} ได้ กรุณากรอกใหม่แล้วบันทึก',
  },
  emailContentInvalid: {
    en: 'The {field} of {condition} is not base64 of UTF-8 text',
    th: '{field} ของ {condition} ไม่ใช่ข้อความ UTF-8 ที่เข้ารหัส base64',
  },
  emailContentTooLong: {
    en: 'The {field} of {condition} is longer than {max} characters',
    th: '{field} ของ {condition} ยาวเกิน {max} ตัวอักษร',
  },
  emailContentDuplicate: {
    en: 'Condition {condition} is listed twice',
    th: 'เงื่อนไข {condition} ถูกส่งมาซ้ำ',
  },
  emailContentCompanyMismatch: {
    en: 'Every item must belong to company {company}',
    th: 'ทุกรายการต้องเป็นของบริษัท {company}',
  },
  testAddressChanged: {
    en: 'Enter the password again to test a changed address: a stored secret is only sent to its saved server',
    th: 'กรุณากรอกรหัสผ่านอีกครั้งเพื่อทดสอบที่อยู่ที่เปลี่ยนไป: รหัสลับที่บันทึกไว้จะส่งไปยังเซิร์ฟเวอร์ที่บันทึกไว้เท่านั้น',
  },
  sftpTestRequired: {
    en: 'Please fill in complete data: sFTP IP, sFTP Port, sFTP Username and sFTP Password or Private Key',
    th: 'กรุณากรอกข้อมูลให้ครบถ้วน: sFTP IP, sFTP Port, sFTP Username และ sFTP Password หรือ Private Key',
  },
  sftpTestOk: { en: 'Test sFTP: connected successfully', th: 'ทดสอบ sFTP สำเร็จ' },
  sftpTestAuthFailed: {
    en: 'Test sFTP failed: {host}:{port} did not accept the username, password or private key',
    th: 'ทดสอบ sFTP ไม่สำเร็จ: {host}:{port} ไม่ยอมรับ username, password หรือ private key',
  },
  sftpTestRefused: {
    en: 'Test sFTP failed: nothing answers at {host}:{port} (connection refused)',
    th: 'ทดสอบ sFTP ไม่สำเร็จ: ไม่มีบริการที่ {host}:{port} (การเชื่อมต่อถูกปฏิเสธ)',
  },
  sftpTestTimeout: {
    en: 'Test sFTP failed: no answer from {host}:{port} within {seconds} seconds',
    th: 'ทดสอบ sFTP ไม่สำเร็จ: {host}:{port} ไม่ตอบภายใน {seconds} วินาที',
  },
  sftpTestHostNotFound: {
    en: 'Test sFTP failed: host {host} was not found',
    th: 'ทดสอบ sFTP ไม่สำเร็จ: ไม่พบโฮสต์ {host}',
  },
  sftpTestFailed: { en: 'Test sFTP failed: {reason}', th: 'ทดสอบ sFTP ไม่สำเร็จ: {reason}' },
  sftpTestCannotConnect: {
    en: 'Test sFTP failed: cannot connect to {host}:{port} (refused, unreachable or no answer within {seconds} seconds)',
    th: 'ทดสอบ sFTP ไม่สำเร็จ: เชื่อมต่อ {host}:{port} ไม่ได้ (ถูกปฏิเสธ เข้าถึงไม่ได้ หรือไม่ตอบภายใน {seconds} วินาที)',
  },
  sftpTestNotAllowed: {
    en: 'Test sFTP failed: {host} is an address not allowed by the outbound policy (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)',
    th: 'ทดสอบ sFTP ไม่สำเร็จ: {host} เป็นที่อยู่ที่นโยบายการเชื่อมต่อขาออกไม่อนุญาต (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)',
  },
  fappTestRequired: {
    en: 'Please fill in complete data: API URL, API Username and API Password',
    th: 'กรุณากรอกข้อมูลให้ครบถ้วน: API URL, API Username และ API Password',
  },
  fappTestOk: { en: 'FAPP Test: connected successfully', th: 'ทดสอบ FAPP สำเร็จ' },
  fappTestAuthFailed: {
    en: 'FAPP Test failed: the API server did not accept the username or password (HTTP {status})',
    th: 'ทดสอบ FAPP ไม่สำเร็จ: API server ไม่ยอมรับ username หรือ password (HTTP {status})',
  },
  fappTestHttp: {
    en: 'FAPP Test failed: the API server answered HTTP {status}',
    th: 'ทดสอบ FAPP ไม่สำเร็จ: API server ตอบกลับ HTTP {status}',
  },
  fappTestRefused: {
    en: 'FAPP Test failed: nothing answers at {url} (connection refused)',
    th: 'ทดสอบ FAPP ไม่สำเร็จ: ไม่มีบริการที่ {url} (การเชื่อมต่อถูกปฏิเสธ)',
  },
  fappTestTimeout: {
    en: 'FAPP Test failed: no answer from {url} within {seconds} seconds',
    th: 'ทดสอบ FAPP ไม่สำเร็จ: {url} ไม่ตอบภายใน {seconds} วินาที',
  },
  fappTestBadReply: {
    en: 'FAPP Test failed: {url} did not answer with the function server information',
    th: 'ทดสอบ FAPP ไม่สำเร็จ: {url} ไม่ได้ตอบกลับข้อมูลของ function server',
  },
  fappTestFailed: { en: 'FAPP Test failed: {reason}', th: 'ทดสอบ FAPP ไม่สำเร็จ: {reason}' },
  fappTestCannotConnect: {
    en: 'FAPP Test failed: cannot connect to {url} (refused, unreachable or no answer within {seconds} seconds)',
    th: 'ทดสอบ FAPP ไม่สำเร็จ: เชื่อมต่อ {url} ไม่ได้ (ถูกปฏิเสธ เข้าถึงไม่ได้ หรือไม่ตอบภายใน {seconds} วินาที)',
  },
  fappTestNotAllowed: {
    en: 'FAPP Test failed: {url} is an address not allowed by the outbound policy (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)',
    th: 'ทดสอบ FAPP ไม่สำเร็จ: {url} เป็นที่อยู่ที่นโยบายการเชื่อมต่อขาออกไม่อนุญาต (LIS_OUTBOUND_ALLOW / LIS_OUTBOUND_DENY)',
  },
  cronInvalid: {
    en: 'The cron expression is not valid: {problem}',
    th: 'Cron expression ไม่ถูกต้อง: {problem}',
  },
  cronTimeZoneUnknown: { en: 'Unknown time zone {zone}', th: 'ไม่รู้จักเขตเวลา {zone}' },
  chainJobNotFound: {
    en: 'Chain job {id} was not found in company {company}',
    th: 'ไม่พบ Chain job {id} ในบริษัท {company}',
  },
  chainJobDuplicate: {
    en: 'Not successful: Chain Job ID {id} already exists in company {company}',
    th: 'ไม่สำเร็จ: Chain Job ID {id} มีอยู่แล้วในบริษัท {company}',
  },
  chainJobNoMembers: {
    en: 'A chain job needs at least one job in its Job List',
    th: 'Chain job ต้องมีอย่างน้อยหนึ่ง job ใน Job List',
  },
  chainJobMemberInvalid: {
    en: 'Job List entry {entry} is not "legacyId,legacyName"',
    th: 'รายการ {entry} ใน Job List ไม่อยู่ในรูปแบบ "legacyId,legacyName"',
  },
  chainJobMemberUnknown: {
    en: 'Legacy ID {id} does not exist in company {company}',
    th: 'ไม่มี Legacy ID {id} ในบริษัท {company}',
  },
  chainJobMemberDuplicate: {
    en: 'Legacy ID {id} is listed twice in the Job List',
    th: 'Legacy ID {id} ถูกระบุซ้ำใน Job List',
  },
  chainJobImportantInvalid: {
    en: 'ImportantJob must be true or false, not "{value}"',
    th: 'ImportantJob ต้องเป็น true หรือ false ไม่ใช่ "{value}"',
  },
  chainJobCronInvalid: {
    en: 'Cron trigger {expression} is not valid: {problem}',
    th: 'Cron trigger {expression} ไม่ถูกต้อง: {problem}',
  },
  /** Text from outside (a peer's answer, the engine's own English), sent as it is. */
  textAsGiven: { en: '{text}', th: '{text}' },
  internal: { en: 'Internal server error', th: 'เกิดข้อผิดพลาดภายในเซิร์ฟเวอร์' },
  payloadTooLarge: { en: 'The request is too large', th: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินไป' },
} as const;
