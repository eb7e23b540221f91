import type { AlertCondition } from '@lis/contracts';
import type { Messages } from '../../platform/i18n/language';

type Keys = `condition${AlertCondition}` | `help${AlertCondition}`;

/** What each alert condition is called and means (the Alerts screen, the rules' form). */
export const alertWordsMessages: Messages<Keys> = {
  en: {
    conditionRUN_ERROR: 'Run error',
    conditionJOB_SUSPENDED: 'Job suspended',
    conditionRUN_STOPPED: 'Run stopped',
    conditionLATE: 'Files late',
    conditionMISSING: 'Files missing',
    conditionRECOVERED: 'Files recovered',
    conditionMISFIRE: 'Missed fire',
    conditionSERVER_UNREACHABLE: 'Server unreachable',
    helpRUN_ERROR: 'A run ended in ERROR.',
    helpJOB_SUSPENDED: 'The job was suspended.',
    helpRUN_STOPPED: 'An operator stopped a run.',
    helpLATE: 'The file deadline is near and the expected files have not arrived.',
    helpMISSING: 'The file deadline passed and the expected files did not arrive.',
    helpRECOVERED: 'The expected files arrived after the deadline.',
    helpMISFIRE: 'A trigger missed its fire time.',
    helpSERVER_UNREACHABLE: 'A function server or sFTP server did not answer its connection check.',
  },
  th: {
    conditionRUN_ERROR: 'การทำงานผิดพลาด',
    conditionJOB_SUSPENDED: 'งานถูกระงับ',
    conditionRUN_STOPPED: 'การทำงานถูกสั่งหยุด',
    conditionLATE: 'ไฟล์ล่าช้า',
    conditionMISSING: 'ไฟล์ไม่มาตามกำหนด',
    conditionRECOVERED: 'ไฟล์มาถึงภายหลัง',
    conditionMISFIRE: 'ขาดการทำงานตามกำหนด',
    conditionSERVER_UNREACHABLE: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้',
    helpRUN_ERROR: 'การทำงานสิ้นสุดด้วย ERROR',
    helpJOB_SUSPENDED: 'งานถูกระงับการทำงาน',
    helpRUN_STOPPED: 'ผู้ใช้งานสั่งหยุดการทำงาน',
    helpLATE: 'ใกล้ถึงกำหนดเวลาไฟล์แล้ว แต่ไฟล์ที่คาดไว้ยังไม่มา',
    helpMISSING: 'เลยกำหนดเวลาไฟล์แล้ว และไฟล์ที่คาดไว้ไม่มา',
    helpRECOVERED: 'ไฟล์ที่คาดไว้มาถึงหลังกำหนดเวลา',
    helpMISFIRE: 'ทริกเกอร์พลาดเวลาทำงานตามกำหนด',
    helpSERVER_UNREACHABLE: 'เซิร์ฟเวอร์ฟังก์ชันหรือเซิร์ฟเวอร์ sFTP ไม่ตอบสนองการตรวจสอบการเชื่อมต่อ',
  },
};
