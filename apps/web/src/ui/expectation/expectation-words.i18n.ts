import type { ExpectationState } from '@lis/contracts';
import type { Messages } from '../../platform/i18n/language';

type Keys = `help${ExpectationState}` | `label${ExpectationState}` | 'deadline' | 'deadlineOf';

/**
 * How every screen says a job's file deadline state (issue 35). The tag shows the state's code, as the
 * run states are shown (they match the alerts' conditions and the webhook's `type`); what it means is
 * in the reader's language on hover, and the label words where a screen names the state in a sentence.
 */
export const expectationWordsMessages: Messages<Keys> = {
  en: {
    helpPENDING: 'Files are expected by the deadline; none has arrived yet.',
    helpON_TIME: 'The expected files arrived before the deadline.',
    helpLATE: 'The deadline is near and the expected files have not arrived.',
    helpMISSING: 'The deadline passed and the expected files did not arrive.',
    helpRECOVERED: 'The expected files arrived after the deadline.',
    labelPENDING: 'Pending',
    labelON_TIME: 'On time',
    labelLATE: 'Late',
    labelMISSING: 'Missing',
    labelRECOVERED: 'Recovered',
    deadline: 'Deadline {time}',
    deadlineOf: 'File deadline {time}: {state}',
  },
  th: {
    helpPENDING: 'รอไฟล์ภายในกำหนดเวลา ยังไม่มีไฟล์เข้ามา',
    helpON_TIME: 'ไฟล์ที่คาดไว้มาถึงก่อนกำหนดเวลา',
    helpLATE: 'ใกล้ถึงกำหนดเวลาแล้ว แต่ไฟล์ที่คาดไว้ยังไม่มา',
    helpMISSING: 'เลยกำหนดเวลาแล้ว และไฟล์ที่คาดไว้ไม่มา',
    helpRECOVERED: 'ไฟล์ที่คาดไว้มาถึงหลังกำหนดเวลา',
    labelPENDING: 'รอไฟล์',
    labelON_TIME: 'ตรงเวลา',
    labelLATE: 'ล่าช้า',
    labelMISSING: 'ไม่มาตามกำหนด',
    labelRECOVERED: 'มาถึงภายหลัง',
    deadline: 'กำหนดเวลา {time}',
    deadlineOf: 'กำหนดเวลาไฟล์ {time}: {state}',
  },
};
