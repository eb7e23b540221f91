import type { Messages, PluralKeys } from '../../platform/i18n/language';

type Keys =
  | 'title'
  | 'dropText'
  | 'dropHint'
  | 'tooLargeTitle'
  | 'tooLarge'
  | 'duplicates'
  | 'setting'
  | 'raw'
  | 'fixRange'
  | 'delimiterMode'
  | 'json'
  | 'rawHelp'
  | 'jsonHelp'
  | 'ranges'
  | 'rangesHelp'
  | 'delimiter'
  | 'delimiterHelp'
  | 'create'
  | 'download'
  | 'downloadMore'
  | 'noFiles'
  | 'convertFailed'
  | 'unexpected'
  | 'converted'
  | 'convertedOne'
  | 'id'
  | 'size'
  | 'sizeBytes'
  | 'name'
  | 'path'
  | 'type'
  | 'encoding'
  | 'records'
  | 'action'
  | 'delete'
  | 'deleteTitle'
  | 'deleteContent'
  | 'yes'
  | 'ok'
  | 'no'
  | 'empty'
  | 'utf8'
  | 'windows874';

/** "1 record converted" / "12 records converted". */
export const CONVERTED_KEYS: PluralKeys<Keys> = { one: 'convertedOne', other: 'converted' };

export const createStructureMessages: Messages<Keys> = {
  en: {
    title: 'Create Structure',
    dropText: 'Click or drag files to this area',
    dropHint:
      'Several files at once, each at most {limit} bytes (5 MB). The files are converted in this browser and never uploaded.',
    tooLargeTitle: 'File too large',
    tooLarge: 'File "{name}" is {size} bytes; the limit is {limit} bytes. It was not added.',
    duplicates: 'Already in the list, not added again: {names}',
    setting: 'Delimiter setting',
    raw: 'Raw',
    fixRange: 'Fixed range',
    delimiterMode: 'Delimiter',
    json: 'JSON',
    rawHelp: 'Each line becomes one record with a single column col_0001.',
    jsonHelp: 'Each file is read as JSON; its value becomes the data.',
    ranges: 'Ranges',
    rangesHelp:
      'Character positions, 1-based and inclusive, one column per range: 1-10,11-20 → col_0001, col_0002.',
    delimiter: 'Delimiter',
    delimiterHelp:
      'A character such as , or | or ; — type \\t for a tab. Fields in "double quotes" may hold it.',
    create: 'Create',
    download: 'Download',
    downloadMore: 'Download one file',
    noFiles: 'Add at least one file first.',
    convertFailed: 'Cannot convert',
    unexpected: 'The conversion stopped unexpectedly: {detail}',
    converted: '{total} records converted. Download saves json_format.txt and json_string_format.txt.',
    convertedOne: '{total} record converted. Download saves json_format.txt and json_string_format.txt.',
    id: 'ID',
    size: 'Size',
    sizeBytes: '{size} bytes',
    name: 'Name',
    path: 'Path',
    type: 'Type',
    encoding: 'Encoding',
    records: 'Records',
    action: 'Action',
    delete: 'Delete',
    deleteTitle: 'Delete data?',
    deleteContent: 'Do you want to delete? ({name})',
    yes: 'Yes',
    ok: 'OK',
    no: 'No',
    empty: 'No files yet: drop files above.',
    utf8: 'UTF-8',
    windows874: 'Windows-874 (Thai)',
  },
  th: {
    title: 'สร้างโครงสร้างข้อมูล',
    dropText: 'คลิกหรือลากไฟล์มาวางที่นี่',
    dropHint: 'เลือกได้หลายไฟล์พร้อมกัน แต่ละไฟล์ไม่เกิน {limit} ไบต์ (5 MB) ไฟล์จะถูกแปลงในเบราว์เซอร์นี้และไม่ถูกอัปโหลด',
    tooLargeTitle: 'ไฟล์มีขนาดใหญ่เกินไป',
    tooLarge: 'ไฟล์ "{name}" มีขนาด {size} ไบต์ เกินขนาดสูงสุด {limit} ไบต์ จึงไม่ถูกเพิ่ม',
    duplicates: 'มีไฟล์นี้ในรายการแล้ว จึงไม่เพิ่มซ้ำ: {names}',
    setting: 'การตั้งค่าตัวคั่น',
    raw: 'ข้อความดิบ (Raw)',
    fixRange: 'กำหนดช่วงตำแหน่ง (Fixed range)',
    delimiterMode: 'ตัวคั่น (Delimiter)',
    json: 'JSON',
    rawHelp: 'แต่ละบรรทัดเป็นหนึ่งระเบียน มีคอลัมน์เดียวคือ col_0001',
    jsonHelp: 'อ่านแต่ละไฟล์เป็น JSON และใช้ค่านั้นเป็นข้อมูล',
    ranges: 'ช่วงตำแหน่ง',
    rangesHelp: 'ตำแหน่งอักขระเริ่มที่ 1 และรวมตำแหน่งสุดท้าย หนึ่งช่วงต่อหนึ่งคอลัมน์: 1-10,11-20 → col_0001, col_0002',
    delimiter: 'ตัวคั่น',
    delimiterHelp: 'อักขระ เช่น , หรือ | หรือ ; — พิมพ์ \\t แทนแท็บ ช่องข้อมูลใน "อัญประกาศ" มีตัวคั่นอยู่ภายในได้',
    create: 'สร้าง',
    download: 'ดาวน์โหลด',
    downloadMore: 'ดาวน์โหลดทีละไฟล์',
    noFiles: 'กรุณาเพิ่มไฟล์อย่างน้อย 1 ไฟล์ก่อน',
    convertFailed: 'แปลงไฟล์ไม่สำเร็จ',
    unexpected: 'การแปลงหยุดทำงานโดยไม่คาดคิด: {detail}',
    converted: 'แปลงแล้ว {total} ระเบียน ปุ่มดาวน์โหลดจะบันทึก json_format.txt และ json_string_format.txt',
    convertedOne: 'แปลงแล้ว {total} ระเบียน ปุ่มดาวน์โหลดจะบันทึก json_format.txt และ json_string_format.txt',
    id: 'ลำดับ',
    size: 'ขนาด',
    sizeBytes: '{size} ไบต์',
    name: 'ชื่อไฟล์',
    path: 'ที่อยู่ไฟล์',
    type: 'ประเภท',
    encoding: 'การเข้ารหัส',
    records: 'ระเบียน',
    action: 'จัดการ',
    delete: 'ลบ',
    deleteTitle: 'ลบข้อมูล?',
    deleteContent: 'คุณต้องการลบข้อมูลหรือไม่? ({name})',
    yes: 'ใช่',
    ok: 'ตกลง',
    no: 'ไม่ใช่',
    empty: 'ยังไม่มีไฟล์ ลากไฟล์มาวางด้านบน',
    utf8: 'ยูนิโค้ด UTF-8',
    windows874: 'Windows-874 (ไทย)',
  },
};
