import type { JobConnectionCheckKey } from '@lis/contracts';
import type { Messages } from '../../platform/i18n/language';
import type { ScheduleKind, Weekday } from './cron-builder';

type CronKeys =
  | 'cronTitle'
  | 'cronDescription'
  | 'cronNextFires'
  | 'cronServerZone'
  | 'cronNoneChosen'
  | 'cronChecking'
  | 'cronExpression'
  | 'cronExpressionPlaceholder'
  | 'validator'
  | 'builder'
  | 'builderInterval'
  | 'builderMinutes'
  | 'builderAtMinute'
  | 'builderAt'
  | 'builderHour'
  | 'builderMinute'
  | 'builderOn'
  | 'builderDay'
  | 'builderLastDay'
  | 'builderIncomplete'
  | 'builderNoWeekday'
  | 'builderUse'
  | 'chosenExpression'
  | 'cronEmptyList'
  | 'addTrigger'
  | 'deleteTrigger'
  | ScheduleKind
  | Weekday;

type PathKeys =
  | 'selectPath'
  | 'pathTitle'
  | 'chooseServerFirstTitle'
  | 'chooseServerFirstText'
  | 'pathLoadFailed'
  | 'pathTruncated'
  | 'chosenPath'
  | 'noPathChosen'
  | 'retry';

type FilenameKeys =
  | 'filenameTitle'
  | 'regex'
  | 'sample'
  | 'samplePlaceholder'
  | 'addSample'
  | 'validate'
  | 'samples'
  | 'noSamples'
  | 'removeSample'
  | 'matched'
  | 'noMatches'
  | 'addListFirst'
  | 'regexRequired'
  | 'regexInvalid'
  | 'validateFailed';

type ConnectionKeys =
  | 'notSuccessful'
  | 'fillApiServerId'
  | 'chooseApiServer'
  | 'chooseReturnServer'
  | 'chooseSourceServer'
  | 'fillSourcePath'
  | 'fillReturnPath'
  | 'testConfirmTitle'
  | 'testStatusTitle'
  | JobConnectionCheckKey;

type CommonKeys = 'ok' | 'cancel' | 'close' | 'save';

export type JobToolsMessageKey = CronKeys | PathKeys | FilenameKeys | ConnectionKeys | CommonKeys;

export const jobToolsMessages: Messages<JobToolsMessageKey> = {
  en: {
    cronTitle: 'Select Cron trigger',
    cronDescription: 'Description',
    cronNextFires: 'Next fire times (your local time)',
    cronServerZone: 'Jobs fire on the server’s clock ({zone}).',
    cronNoneChosen: 'No expression chosen yet: type one and press Validator, or use the cron builder.',
    cronChecking: 'Checking…',
    cronExpression: 'Cron expression',
    cronExpressionPlaceholder: 'e.g. 0 0/5 * * * ?',
    validator: 'Validator',
    builder: 'Cron builder',
    builderInterval: 'Every',
    builderMinutes: 'minutes',
    builderAtMinute: 'At minute',
    builderAt: 'At',
    builderHour: 'Hour',
    builderMinute: 'Minute',
    builderOn: 'On',
    builderDay: 'Day of month',
    builderLastDay: 'Last day of the month',
    builderIncomplete: 'Complete the schedule: hour 0–23, minute 0–59, day 1–31.',
    builderNoWeekday: 'Choose at least one day of the week.',
    builderUse: 'Use',
    chosenExpression: 'Chosen expression',
    cronEmptyList: 'No cron trigger',
    addTrigger: 'Add',
    deleteTrigger: 'Delete {expression}',
    everyMinutes: 'Every N minutes',
    hourly: 'Hourly',
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
    SUN: 'Sun',
    MON: 'Mon',
    TUE: 'Tue',
    WED: 'Wed',
    THU: 'Thu',
    FRI: 'Fri',
    SAT: 'Sat',
    selectPath: 'Select Path',
    pathTitle: 'Select Path',
    chooseServerFirstTitle: 'Please fill in complete data',
    chooseServerFirstText: 'Please choose the sFTP server first, then select the path.',
    pathLoadFailed: 'Could not list the folders of {path}: {message}',
    pathTruncated: 'Only the first {max} folders of {path} are shown.',
    chosenPath: 'Chosen path',
    noPathChosen: 'Tick the folder to use.',
    retry: 'Retry',
    filenameTitle: 'sFTP Source Format Filename Validate',
    regex: 'Format Filename (regular expression)',
    sample: 'Sample filename',
    samplePlaceholder: 'e.g. INV_20260101.csv',
    addSample: 'Add',
    validate: 'Validate',
    samples: 'Sample filenames',
    noSamples: 'No sample filenames yet.',
    removeSample: 'Remove {name}',
    matched: 'Matched names',
    noMatches: 'No sample filename matches the format.',
    addListFirst: 'Please add the list of sample filenames first.',
    regexRequired: 'Please fill in the format filename first.',
    regexInvalid: 'The format is not a valid regular expression',
    validateFailed: 'Could not validate the filenames',
    notSuccessful: 'Not successful',
    fillApiServerId: 'please fill in API Server ID',
    chooseApiServer: 'Please choose the API Server ID.',
    chooseReturnServer: 'Please choose the sFTP Return Server.',
    chooseSourceServer: 'Please choose the sFTP Source Server.',
    fillSourcePath: 'Please fill in the sFTP Source Path.',
    fillReturnPath: 'Please fill in the sFTP Return Path.',
    testConfirmTitle: 'Test Connection ?',
    testStatusTitle: 'Test Status',
    has_sftp_source_path: 'Has sFTP Source Path',
    has_sftp_return_path: 'Has sFTP Return Path',
    api_server_connection: 'API Server Connection',
    sftp_source_server_connection: 'sFTP Source Server Connection',
    sftp_return_server_connection: 'sFTP Return Server Connection',
    has_function: 'Has Function',
    ok: 'OK',
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
  },
  th: {
    cronTitle: 'เลือก Cron trigger',
    cronDescription: 'คำอธิบาย',
    cronNextFires: 'เวลาทำงานครั้งถัดไป (ตามเวลาเครื่องของคุณ)',
    cronServerZone: 'งานทำงานตามนาฬิกาของเซิร์ฟเวอร์ ({zone})',
    cronNoneChosen: 'ยังไม่ได้เลือก expression: พิมพ์แล้วกด Validator หรือใช้ตัวสร้าง Cron',
    cronChecking: 'กำลังตรวจสอบ…',
    cronExpression: 'นิพจน์ Cron',
    cronExpressionPlaceholder: 'เช่น 0 0/5 * * * ?',
    validator: 'ตรวจสอบนิพจน์',
    builder: 'ตัวสร้าง Cron',
    builderInterval: 'ทุก ๆ',
    builderMinutes: 'นาที',
    builderAtMinute: 'ที่นาที',
    builderAt: 'เวลา',
    builderHour: 'ชั่วโมง',
    builderMinute: 'นาที',
    builderOn: 'วัน',
    builderDay: 'วันที่ของเดือน',
    builderLastDay: 'วันสุดท้ายของเดือน',
    builderIncomplete: 'กรุณากรอกกำหนดเวลาให้ครบ: ชั่วโมง 0–23 นาที 0–59 วันที่ 1–31',
    builderNoWeekday: 'กรุณาเลือกวันในสัปดาห์อย่างน้อย 1 วัน',
    builderUse: 'ใช้',
    chosenExpression: 'Expression ที่เลือก',
    cronEmptyList: 'ไม่มี Cron trigger',
    addTrigger: 'เพิ่ม',
    deleteTrigger: 'ลบ {expression}',
    everyMinutes: 'ทุก N นาที',
    hourly: 'รายชั่วโมง',
    daily: 'รายวัน',
    weekly: 'รายสัปดาห์',
    monthly: 'รายเดือน',
    SUN: 'อา.',
    MON: 'จ.',
    TUE: 'อ.',
    WED: 'พ.',
    THU: 'พฤ.',
    FRI: 'ศ.',
    SAT: 'ส.',
    selectPath: 'เลือก Path',
    pathTitle: 'เลือก Path',
    chooseServerFirstTitle: 'กรุณากรอกข้อมูลให้ครบถ้วน',
    chooseServerFirstText: 'กรุณาเลือก sFTP Server ก่อน แล้วจึงเลือก Path',
    pathLoadFailed: 'ไม่สามารถแสดงโฟลเดอร์ใน {path}: {message}',
    pathTruncated: 'แสดงเฉพาะ {max} โฟลเดอร์แรกของ {path}',
    chosenPath: 'Path ที่เลือก',
    noPathChosen: 'ติ๊กเลือกโฟลเดอร์ที่ต้องการ',
    retry: 'ลองใหม่',
    filenameTitle: 'ตรวจสอบรูปแบบชื่อไฟล์ sFTP Source',
    regex: 'รูปแบบชื่อไฟล์ (regular expression)',
    sample: 'ตัวอย่างชื่อไฟล์',
    samplePlaceholder: 'เช่น INV_20260101.csv',
    addSample: 'เพิ่ม',
    validate: 'ตรวจสอบ',
    samples: 'รายการตัวอย่างชื่อไฟล์',
    noSamples: 'ยังไม่มีตัวอย่างชื่อไฟล์',
    removeSample: 'ลบ {name}',
    matched: 'ชื่อไฟล์ที่ตรงกับรูปแบบ',
    noMatches: 'ไม่มีตัวอย่างชื่อไฟล์ที่ตรงกับรูปแบบ',
    addListFirst: 'กรุณาเพิ่มรายการตัวอย่างชื่อไฟล์ก่อน',
    regexRequired: 'กรุณากรอกรูปแบบชื่อไฟล์ก่อน',
    regexInvalid: 'รูปแบบไม่ใช่ regular expression ที่ถูกต้อง',
    validateFailed: 'ไม่สามารถตรวจสอบชื่อไฟล์ได้',
    notSuccessful: 'ไม่สำเร็จ',
    fillApiServerId: 'กรุณากรอก API Server ID',
    chooseApiServer: 'กรุณาเลือก API Server ID',
    chooseReturnServer: 'กรุณาเลือก sFTP Return Server',
    chooseSourceServer: 'กรุณาเลือก sFTP Source Server',
    fillSourcePath: 'กรุณากรอก sFTP Source Path',
    fillReturnPath: 'กรุณากรอก sFTP Return Path',
    testConfirmTitle: 'ทดสอบการเชื่อมต่อ ?',
    testStatusTitle: 'สถานะการทดสอบ',
    has_sftp_source_path: 'มี sFTP Source Path',
    has_sftp_return_path: 'มี sFTP Return Path',
    api_server_connection: 'การเชื่อมต่อ API Server',
    sftp_source_server_connection: 'การเชื่อมต่อ sFTP Source Server',
    sftp_return_server_connection: 'การเชื่อมต่อ sFTP Return Server',
    has_function: 'มี Function',
    ok: 'ตกลง',
    cancel: 'ยกเลิก',
    close: 'ปิด',
    save: 'บันทึก',
  },
};
