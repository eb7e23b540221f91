import { CONVERTER_MESSAGES_EN, type ConverterErrorCode } from '@lis/converter';
import type { Messages } from '../../platform/i18n/language';

/**
 * The converter's refusals by code (see packages/converter README): English is the package's own text,
 * Thai is ours. `{name}` placeholders are filled from the error's `values`.
 */
export const converterErrorMessages: Messages<ConverterErrorCode> = {
  en: { ...CONVERTER_MESSAGES_EN },
  th: {
    FILE_TOO_LARGE: 'ไฟล์ "{file_name}" มีขนาด {size} ไบต์ เกินขนาดสูงสุด {limit} ไบต์',
    INVALID_JSON: 'ไฟล์ "{file_name}" ไม่ใช่ JSON ที่ถูกต้อง: พบอักขระ {found} ที่ไม่คาดคิด บรรทัด {line} คอลัมน์ {column}',
    JSON_UNEXPECTED_END:
      'ไฟล์ "{file_name}" ไม่ใช่ JSON ที่ถูกต้อง: ข้อมูลจบที่บรรทัด {line} คอลัมน์ {column} ก่อนที่ JSON จะครบถ้วน',
    UNTERMINATED_QUOTE: 'ไฟล์ "{file_name}": ช่องข้อมูลในเครื่องหมายคำพูดที่เริ่มบรรทัด {line} ไม่มีเครื่องหมายปิด',
    TOO_MANY_COLUMNS: 'ไฟล์ "{file_name}" ระเบียนที่ {record}: มีคอลัมน์เกิน {limit} คอลัมน์',
    NO_RANGES: 'กรุณาระบุช่วงตำแหน่งอักขระอย่างน้อย 1 ช่วง เช่น 1-10,11-20',
    TOO_MANY_RANGES: 'ระบุช่วงได้ไม่เกิน {limit} ช่วง',
    INVALID_RANGE:
      'ช่วงที่ {index} ({start}-{end}) ไม่ถูกต้อง: ตำแหน่งต้องเป็นจำนวนเต็มตั้งแต่ 1 และตำแหน่งสิ้นสุดต้องไม่น้อยกว่าตำแหน่งเริ่มต้น',
    INVALID_RANGE_TEXT: '"{part}" ไม่ใช่ช่วงที่ถูกต้อง กรุณาระบุช่วง เช่น 1-10,11-20',
    EMPTY_DELIMITER: 'ยังไม่ได้ระบุตัวคั่น กรุณาระบุ เช่น , หรือ | หรือแท็บ',
    INVALID_DELIMITER: 'ตัวคั่นต้องไม่มีเครื่องหมายอัญประกาศ (") หรือการขึ้นบรรทัดใหม่',
    UNKNOWN_MODE: 'ไม่รู้จักรูปแบบการแปลง "{mode}" กรุณาใช้ raw, fix_range, delimiter หรือ json',
  },
};
