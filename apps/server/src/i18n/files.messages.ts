/** Messages of the file-list modal's calls: listing, download, upload, delete. */
export const FILES_MESSAGES = {
  fileNoSuchDirectory: { en: 'No such directory', th: 'ไม่พบโฟลเดอร์' },
  fileNoSourceFolder: {
    en: 'Job {legacyId} has no sFTP source server or source path',
    th: 'งาน {legacyId} ไม่ได้ตั้งค่า sFTP source server หรือ source path',
  },
  fileNoReturnFolder: {
    en: 'Job {legacyId} has no sFTP return server or return path',
    th: 'งาน {legacyId} ไม่ได้ตั้งค่า sFTP return server หรือ return path',
  },
  fileNotFound: { en: 'No such file: {name}', th: 'ไม่พบไฟล์ {name}' },
  fileInTwoFolders: {
    en: '{name} is in both return folders: give its file_path',
    th: 'พบไฟล์ {name} ในทั้งสองโฟลเดอร์ กรุณาระบุ file_path',
  },
  fileBackupGone: {
    en: 'The backup of {name} is no longer kept',
    th: 'ไม่มีไฟล์สำรองของ {name} แล้ว',
  },
  fileNameInvalid: {
    en: 'A file name must be a plain name (no /, \\, .., quotes or control characters, at most {max} bytes)',
    th: 'ชื่อไฟล์ต้องเป็นชื่อธรรมดา (ห้ามมี /, \\, .., เครื่องหมายคำพูด หรืออักขระควบคุม และยาวไม่เกิน {max} ไบต์)',
  },
  fileNameRequired: { en: 'Please give the file name', th: 'กรุณาระบุชื่อไฟล์' },
  fileSelectBeforeUpload: {
    en: 'Please select a file before uploading',
    th: 'กรุณาเลือกไฟล์ก่อนอัปโหลด',
  },
  fileDataInvalid: { en: 'The file content is not valid base64', th: 'ข้อมูลไฟล์ไม่ใช่ base64 ที่ถูกต้อง' },
  fileTooLarge: { en: 'The file is larger than {mb} MB', th: 'ไฟล์มีขนาดเกิน {mb} MB' },
  fileExists: {
    en: 'A file named {name} already exists there: delete it first',
    th: 'มีไฟล์ชื่อ {name} อยู่แล้ว กรุณาลบไฟล์เดิมก่อน',
  },
  fileUploaded: { en: 'Uploaded {name}', th: 'อัปโหลด {name} สำเร็จ' },
  fileDeleted: { en: 'Deleted {name}', th: 'ลบ {name} สำเร็จ' },
  fileLiveOnly: {
    en: 'Files can be uploaded and deleted only in the source and return folders; backups are never changed',
    th: 'อัปโหลดและลบไฟล์ได้เฉพาะในโฟลเดอร์ต้นทางและโฟลเดอร์ผลลัพธ์ ไฟล์สำรองไม่สามารถแก้ไขได้',
  },
  fileListTypeWrong: {
    en: 'List type {listType} is not available here',
    th: 'ไม่สามารถใช้ประเภทรายการ {listType} ที่นี่',
  },
  fileJobInstanceRequired: {
    en: 'job_instance_no is required for list type {listType}',
    th: 'กรุณาระบุ job_instance_no สำหรับประเภทรายการ {listType}',
  },
  fileApiBackupNotDownloadable: {
    en: 'API request and response backups are listed only, not downloaded',
    th: 'ไฟล์สำรอง API request และ response แสดงรายการได้เท่านั้น ไม่สามารถดาวน์โหลดได้',
  },
  fileZipTooLarge: {
    en: 'Too much to download at once ({files} files, {mb} MB; at most {maxFiles} files and {maxMb} MB): choose one run',
    th: 'ข้อมูลมากเกินกว่าจะดาวน์โหลดครั้งเดียว ({files} ไฟล์, {mb} MB; ไม่เกิน {maxFiles} ไฟล์ และ {maxMb} MB) กรุณาเลือกทีละรายการ',
  },
  fileNothingToZip: { en: 'There are no files to download', th: 'ไม่มีไฟล์ให้ดาวน์โหลด' },
  fileRemoteFailed: {
    en: 'sFTP server {server} failed: {reason}',
    th: 'sFTP server {server} ทำงานไม่สำเร็จ: {reason}',
  },
} as const;
