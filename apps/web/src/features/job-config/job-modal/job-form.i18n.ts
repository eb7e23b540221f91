import type { Messages } from '../../../platform/i18n/language';

type Keys =
  | 'addTitle'
  | 'editTitle'
  | 'legacySection'
  | 'importantJob'
  | 'companyCode'
  | 'selectCompany'
  | 'legacyId'
  | 'legacyName'
  | 'legacyType'
  | 'isActive'
  | 'isActiveOff'
  | 'suspendWhenError'
  | 'suspendWhenWarning'
  | 'cronTrigger'
  | 'predecessor'
  | 'predecessorPlaceholder'
  | 'startAfter'
  | 'add'
  | 'remove'
  | 'none'
  | 'sourceSection'
  | 'returnSection'
  | 'sftpServer'
  | 'sourcePath'
  | 'formatFilename'
  | 'validateFilename'
  | 'fileType'
  | 'destLocalPath'
  | 'deleteSource'
  | 'minAge'
  | 'minAgeHelp'
  | 'doneMarker'
  | 'doneMarkerHelp'
  | 'doneMarkerInvalid'
  | 'excludeNames'
  | 'excludeNamesHelp'
  | 'returnPath'
  | 'successPath'
  | 'errorPath'
  | 'ediSection'
  | 'jobVersion'
  | 'resultPath'
  | 'apiSection'
  | 'apiServerId'
  | 'apiClassName'
  | 'apiFunctionName'
  | 'dmsSection'
  | 'dmsServerId'
  | 'dmsBucket'
  | 'dmsBoxId'
  | 'dmsRoleAccess'
  | 'dmsGroup'
  | 'dmsGroupId'
  | 'dmsDynamicHint'
  | 'emailFinished'
  | 'emailWarning'
  | 'emailError'
  | 'emailFunctionError'
  | 'testConnection'
  | 'close'
  | 'save'
  | 'companyRequired'
  | 'legacyIdRequired'
  | 'legacyIdInvalid'
  | 'legacyNameRequired'
  | 'noData';

export const jobFormMessages: Messages<Keys> = {
  en: {
    addTitle: 'Add Job Config',
    editTitle: 'Edit Job Config: {id}',
    legacySection: 'Legacy',
    importantJob: 'ImportantJob',
    companyCode: 'Company Code',
    selectCompany: 'Select a company',
    legacyId: 'Legacy ID',
    legacyName: 'Legacy Name',
    legacyType: 'Legacy Type',
    isActive: 'Is Active',
    isActiveOff: 'Off: this job does not run on its schedule until you switch it on.',
    suspendWhenError: 'Suspend When Error',
    suspendWhenWarning: 'Suspend When Warning',
    cronTrigger: 'Cron trigger',
    predecessor: 'Predecessor Legacy ID',
    predecessorPlaceholder: 'A job of the same company',
    startAfter: 'Start After Legacy ID List Success',
    add: 'Add',
    remove: 'Remove {item}',
    none: 'None yet',
    sourceSection: 'Source sFTP Server',
    returnSection: 'Destination sFTP Server',
    sftpServer: 'sFTP Server ID',
    sourcePath: 'sFTP Source Path',
    formatFilename: 'Format Filename',
    validateFilename: 'Validate filename format',
    fileType: 'File Type',
    destLocalPath: 'Dest Local Path',
    deleteSource: 'Delete Source',
    minAge: 'Minimum File Age (seconds)',
    minAgeHelp:
      "Take a file only when its last change is at least this many seconds old (by the sFTP server's clock). " +
      'Use it when a writer may pause in the middle of a file. 0: no minimum.',
    doneMarker: 'Done-Marker',
    doneMarkerHelp:
      'Take a file only once its marker file exists: {name}.done (x.csv waits for x.csv.done) or ' +
      '{base}.ok (x.csv waits for x.ok). With Delete Source the marker is deleted after the file. ' +
      'Marker files are never taken as data. Blank: no marker needed.',
    doneMarkerInvalid: 'Use {name} or {base} once, with text before or after it, and no / or \\',
    excludeNames: 'Excluded Names',
    excludeNamesHelp:
      'Names never taken, separated by |: * is any text, ? one character (*.tmp|~*). ' +
      'Blank: the defaults shown in the box. A list of your own replaces the defaults.',
    returnPath: 'sFTP Return Path',
    successPath: 'Success Path',
    errorPath: 'Error Path',
    ediSection: 'EDI Config',
    jobVersion: 'Job Version',
    resultPath: 'Result Path',
    apiSection: 'API Server',
    apiServerId: 'API Server ID',
    apiClassName: 'API Class Name',
    apiFunctionName: 'API Function Name',
    dmsSection: 'DMS Server',
    dmsServerId: 'Dms Server ID',
    dmsBucket: 'Dms Bucket',
    dmsBoxId: 'Dms Box ID',
    dmsRoleAccess: 'Dms Role Access',
    dmsGroup: 'Dms Group',
    dmsGroupId: 'Dms Group ID',
    dmsDynamicHint: 'DMS_DYN_WAIT takes the bucket, box id and group id from each file.',
    emailFinished: 'Email Job Finished',
    emailWarning: 'Email Job Warning',
    emailError: 'Email Job Error',
    emailFunctionError: 'Email Function Error',
    testConnection: 'Test Connection',
    close: 'Close',
    save: 'Save',
    companyRequired: 'Please select a Company Code',
    legacyIdRequired: 'Please fill in Legacy ID',
    legacyIdInvalid: 'Letters, digits and . _ - only (up to 100 characters)',
    legacyNameRequired: 'Please fill in Legacy Name',
    noData: 'No data',
  },
  th: {
    addTitle: 'เพิ่ม Job Config',
    editTitle: 'แก้ไข Job Config: {id}',
    legacySection: 'ข้อมูล Legacy',
    importantJob: 'งานสำคัญ (ImportantJob)',
    companyCode: 'รหัสบริษัท',
    selectCompany: 'เลือกบริษัท',
    legacyId: 'Legacy ID',
    legacyName: 'ชื่องาน (Legacy Name)',
    legacyType: 'ประเภท Legacy',
    isActive: 'เปิดใช้งาน (Is Active)',
    isActiveOff: 'ปิดอยู่: งานนี้จะไม่ทำงานตามตารางเวลาจนกว่าจะเปิดใช้งาน',
    suspendWhenError: 'หยุดเมื่อเกิดข้อผิดพลาด',
    suspendWhenWarning: 'หยุดเมื่อมีคำเตือน',
    cronTrigger: 'ตารางเวลา (Cron trigger)',
    predecessor: 'Legacy ID ที่ต้องสำเร็จก่อน',
    predecessorPlaceholder: 'งานของบริษัทเดียวกัน',
    startAfter: 'เริ่มหลังจาก Legacy ID เหล่านี้สำเร็จ',
    add: 'เพิ่ม',
    remove: 'ลบ {item}',
    none: 'ยังไม่มีรายการ',
    sourceSection: 'sFTP Server ต้นทาง',
    returnSection: 'sFTP Server ปลายทาง',
    sftpServer: 'รหัส sFTP Server',
    sourcePath: 'พาธต้นทางบน sFTP',
    formatFilename: 'รูปแบบชื่อไฟล์',
    validateFilename: 'ตรวจสอบรูปแบบชื่อไฟล์',
    fileType: 'ชนิดไฟล์',
    destLocalPath: 'พาธปลายทางในเครื่อง',
    deleteSource: 'ลบไฟล์ต้นทาง',
    minAge: 'อายุไฟล์ขั้นต่ำ (วินาที)',
    minAgeHelp:
      'รับไฟล์เมื่อไฟล์ไม่ถูกแก้ไขมาแล้วอย่างน้อยตามจำนวนวินาทีนี้ (ตามนาฬิกาของ sFTP server) ' +
      'ใช้เมื่อผู้เขียนไฟล์อาจหยุดกลางไฟล์ 0: ไม่กำหนด',
    doneMarker: 'ไฟล์สัญญาณเสร็จ (Done-Marker)',
    doneMarkerHelp:
      'รับไฟล์เมื่อมีไฟล์สัญญาณแล้วเท่านั้น: {name}.done (x.csv รอ x.csv.done) หรือ ' +
      '{base}.ok (x.csv รอ x.ok) เมื่อเปิดลบไฟล์ต้นทาง ไฟล์สัญญาณจะถูกลบหลังไฟล์ข้อมูล ' +
      'ไฟล์สัญญาณไม่ถูกนำไปเป็นข้อมูล เว้นว่าง: ไม่ต้องมีไฟล์สัญญาณ',
    doneMarkerInvalid: 'ใช้ {name} หรือ {base} หนึ่งครั้ง โดยมีข้อความก่อนหรือหลัง และไม่มี / หรือ \\',
    excludeNames: 'ชื่อไฟล์ที่ไม่รับ',
    excludeNamesHelp:
      'ชื่อไฟล์ที่ไม่รับเลย คั่นด้วย | : * แทนข้อความใดๆ ? แทนหนึ่งตัวอักษร (*.tmp|~*) ' +
      'เว้นว่าง: ใช้ค่าเริ่มต้นที่แสดงในช่อง หากกรอกเอง รายการที่กรอกจะใช้แทนค่าเริ่มต้น',
    returnPath: 'พาธส่งกลับบน sFTP',
    successPath: 'พาธเมื่อสำเร็จ',
    errorPath: 'พาธเมื่อผิดพลาด',
    ediSection: 'ตั้งค่า EDI',
    jobVersion: 'เวอร์ชันงาน (Job Version)',
    resultPath: 'พาธไฟล์ผลลัพธ์',
    apiSection: 'เซิร์ฟเวอร์ API',
    apiServerId: 'รหัส API Server',
    apiClassName: 'ชื่อคลาส API',
    apiFunctionName: 'ชื่อฟังก์ชัน API',
    dmsSection: 'เซิร์ฟเวอร์ DMS',
    dmsServerId: 'รหัส DMS Server',
    dmsBucket: 'Bucket ของ DMS',
    dmsBoxId: 'รหัสกล่อง DMS (Box ID)',
    dmsRoleAccess: 'สิทธิ์การเข้าถึง DMS (Role Access)',
    dmsGroup: 'กลุ่ม DMS',
    dmsGroupId: 'รหัสกลุ่ม DMS',
    dmsDynamicHint: 'DMS_DYN_WAIT ใช้ bucket, box id และ group id จากแต่ละไฟล์',
    emailFinished: 'อีเมลเมื่องานเสร็จ',
    emailWarning: 'อีเมลเมื่องานมีคำเตือน',
    emailError: 'อีเมลเมื่องานผิดพลาด',
    emailFunctionError: 'อีเมลเมื่อฟังก์ชันผิดพลาด',
    testConnection: 'ทดสอบการเชื่อมต่อ',
    close: 'ปิด',
    save: 'บันทึก',
    companyRequired: 'กรุณาเลือกรหัสบริษัท',
    legacyIdRequired: 'กรุณากรอก Legacy ID',
    legacyIdInvalid: 'ใช้ได้เฉพาะตัวอักษร ตัวเลข และ . _ - (ไม่เกิน 100 ตัว)',
    legacyNameRequired: 'กรุณากรอกชื่องาน (Legacy Name)',
    noData: 'ไม่พบข้อมูล',
  },
};
