import type { Messages } from '../../platform/i18n/language';

export const maintenanceBannerMessages: Messages<'line' | 'help'> = {
  en: {
    line: '{companies}: {state} ({windows})',
    help: 'Their triggers do not fire until then; at the end, each trigger’s misfire policy decides what was due meanwhile. Runs already started go on.',
  },
  th: {
    line: '{companies}: {state} ({windows})',
    help: 'ทริกเกอร์ของบริษัทเหล่านี้จะไม่ทำงานจนกว่าจะถึงเวลานั้น เมื่อสิ้นสุดช่วง นโยบาย misfire ของแต่ละทริกเกอร์จะกำหนดว่ารอบที่ถึงกำหนดระหว่างนั้นจะทำอย่างไร งานที่เริ่มไปแล้วจะทำงานต่อ',
  },
};
