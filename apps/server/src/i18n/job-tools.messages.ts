/** Messages of the job modal's helpers: remote folders, path checks, the six-tile test, the pull log. */
export const JOB_TOOLS_MESSAGES = {
  remoteFolderMissing: {
    en: 'Folder {path} does not exist on sFTP server {server}',
    th: 'ไม่พบโฟลเดอร์ {path} บน sFTP server {server}',
  },
  remoteNotFolder: {
    en: '{path} on sFTP server {server} is a file, not a folder',
    th: '{path} บน sFTP server {server} เป็นไฟล์ ไม่ใช่โฟลเดอร์',
  },
  remoteFolderDenied: {
    en: 'sFTP server {server} does not allow reading {path}',
    th: 'sFTP server {server} ไม่อนุญาตให้อ่าน {path}',
  },
  remoteFolderFailed: {
    en: 'Reading {path} on sFTP server {server} failed: {reason}',
    th: 'อ่าน {path} บน sFTP server {server} ไม่สำเร็จ: {reason}',
  },
  remoteFolderExists: {
    en: 'Folder {path} exists on sFTP server {server}',
    th: 'พบโฟลเดอร์ {path} บน sFTP server {server}',
  },
  remotePathInvalid: {
    en: 'The path must start with / and must not contain .. or control characters',
    th: 'Path ต้องขึ้นต้นด้วย / และต้องไม่มี .. หรืออักขระควบคุม',
  },
  filenameRegexTooSlow: {
    en: 'The pattern takes longer than {ms} ms to match these names (it backtracks too much); simplify it',
    th: 'รูปแบบนี้ใช้เวลาตรวจชื่อไฟล์นานเกิน {ms} ms (ย้อนรอยมากเกินไป) กรุณาปรับรูปแบบให้ง่ายขึ้น',
  },
  checkNotUsed: {
    en: 'Not used by {type} jobs',
    th: 'ไม่ใช้กับงานประเภท {type}',
  },
  checkSourceServerMissing: { en: 'No sFTP source server chosen', th: 'ยังไม่ได้เลือก sFTP Source Server' },
  checkReturnServerMissing: { en: 'No sFTP return server chosen', th: 'ยังไม่ได้เลือก sFTP Return Server' },
  checkSourcePathMissing: { en: 'No sFTP source path given', th: 'ยังไม่ได้ระบุ sFTP Source Path' },
  checkReturnPathMissing: { en: 'No sFTP return path given', th: 'ยังไม่ได้ระบุ sFTP Return Path' },
  checkApiServerMissing: { en: 'No API server chosen', th: 'ยังไม่ได้เลือก API Server' },
  checkFunctionMissing: {
    en: 'API ClassName and API Function Name are required',
    th: 'กรุณาระบุ API ClassName และ API Function Name',
  },
  checkSftpConnected: {
    en: 'Connected to {server} ({host}:{port})',
    th: 'เชื่อมต่อ {server} ({host}:{port}) สำเร็จ',
  },
  checkApiConnected: {
    en: 'Connected to {server} ({url}), version {version}',
    th: 'เชื่อมต่อ {server} ({url}) สำเร็จ เวอร์ชัน {version}',
  },
  checkFunctionFound: {
    en: 'Function {name} exists on {server}',
    th: 'พบฟังก์ชัน {name} บน {server}',
  },
  checkFunctionNotFound: {
    en: 'Function {name} does not exist on {server}',
    th: 'ไม่พบฟังก์ชัน {name} บน {server}',
  },
} as const;
