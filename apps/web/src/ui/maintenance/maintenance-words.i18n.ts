import type { Messages } from '../../platform/i18n/language';

/** How every screen says that a company is in a maintenance window (issue 34). */
export const maintenanceWordsMessages: Messages<'inMaintenanceUntil' | 'maintenanceOf' | 'maintenanceHelp'> =
  {
    en: {
      inMaintenanceUntil: 'In maintenance until {until}',
      maintenanceOf: 'Maintenance: {name}',
      maintenanceHelp:
        'The company is in a maintenance window: the trigger does not fire before its end; what falls due meanwhile follows its misfire policy then.',
    },
    th: {
      inMaintenanceUntil: 'อยู่ในช่วงบำรุงรักษาถึง {until}',
      maintenanceOf: 'บำรุงรักษา: {name}',
      maintenanceHelp:
        'บริษัทอยู่ในช่วงบำรุงรักษา ทริกเกอร์จะไม่ทำงานจนกว่าจะสิ้นสุดช่วงนี้ รอบที่ถึงกำหนดระหว่างนั้นจะเป็นไปตามนโยบาย misfire เมื่อสิ้นสุดช่วง',
    },
  };
