import type { Messages } from '../platform/i18n/language';

/** The words of StepStatusStrip's tooltips (the step names and states come from the caller). */
export const stepStatusStripMessages: Messages<'notRun' | 'steps' | 'startedAt'> = {
  en: {
    notRun: 'not run',
    steps: 'Steps',
    startedAt: 'started {time}',
  },
  th: {
    notRun: 'ยังไม่ได้ทำงาน',
    steps: 'ขั้นตอน',
    startedAt: 'เริ่ม {time}',
  },
};
