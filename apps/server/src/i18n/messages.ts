import { ACCOUNT_MESSAGES } from './account.messages.js';
import { BACKUP_ACCESS_MESSAGES } from './backup-access.messages.js';
import { DEMO_MESSAGES } from './demo.messages.js';
import { DMS_FILES_MESSAGES } from './dms-files.messages.js';
import { FILES_MESSAGES } from './files.messages.js';
import { JOB_TOOLS_MESSAGES } from './job-tools.messages.js';
import { LEGACY_API_MESSAGES } from './legacy-api.messages.js';
import { LIVE_EVENTS_MESSAGES } from './live-events.messages.js';
import { LOGS_MESSAGES } from './logs.messages.js';
import { MAIL_MESSAGES } from './mail.messages.js';
import { PIPELINE_MESSAGES } from './pipeline.messages.js';
import { REPORTS_MESSAGES } from './reports.messages.js';
import { RETENTION_MESSAGES } from './retention.messages.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import { VALIDATION_MESSAGES } from './validation.messages.js';

/** Messages the server sends to people, in English and Thai (chosen by Accept-Language). */
const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  ...BACKUP_ACCESS_MESSAGES,
  ...DEMO_MESSAGES,
  ...DMS_FILES_MESSAGES,
  ...FILES_MESSAGES,
  ...JOB_TOOLS_MESSAGES,
  ...LEGACY_API_MESSAGES,
  ...LIVE_EVENTS_MESSAGES,
  ...LOGS_MESSAGES,
  ...MAIL_MESSAGES,
  ...REPORTS_MESSAGES,
  ...RETENTION_MESSAGES,
  ...PIPELINE_MESSAGES,
  ...SECURITY_MESSAGES,
  ...VALIDATION_MESSAGES,
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
  sftpServerRequired: {
    en: 'Please fill in complete data: sFTP Server ID, sFTP IP, sFTP Port, sFTP Username and sFTP Password or Private Key',
    th: 'กรุณากรอกข้อมูลให้ครบถ้วน: sFTP Server ID, sFTP IP, sFTP Port, sFTP Username และ sFTP Password หรือ Private Key',
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

export type MessageKey = keyof typeof MESSAGES;
export type Language = 'en' | 'th';

export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('th') ? 'th' : 'en';
}

export function message(
  language: Language,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  const template: string = MESSAGES[key][language];
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A parameter of a keyed message: data, a nested message, or a list of them (joined by `; `). */
export type MessageParam = string | number | KeyedMessage | readonly MessageParam[];
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** A message of the catalogue with its parameters, rendered later in the reader's language. */
export interface KeyedMessage {
  readonly key: MessageKey;
  readonly params?: MessageParams | undefined;
}

/** `keyed('fileNotFound', { name })`: a message to render later (in a domain error, a check's result). */
export const keyed = (key: MessageKey, params?: MessageParams): KeyedMessage =>
  params === undefined ? { key } : { key, params };

function renderParam(language: Language, value: MessageParam): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return (value as readonly MessageParam[]).map((item) => renderParam(language, item)).join('; ');
  return renderMessage(language, value as KeyedMessage);
}

/** A keyed message in a language; its nested messages too. The same text as `message()` for flat parameters. */
export function renderMessage(language: Language, keyedMessage: KeyedMessage): string {
  const { key, params } = keyedMessage;
  if (!params) return message(language, key);
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = renderParam(language, value);
  return message(language, key, values);
}
