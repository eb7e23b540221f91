import type { Messages } from '../../platform/i18n/language';

type Keys = 'zoneTag' | 'zoneTooltip' | 'zoneUnknown' | 'loading';

export const timeZoneMessages: Messages<Keys> = {
  en: {
    zoneTag: '{zone}',
    zoneTooltip: 'Every date and time in this console is in the server’s time zone, {zone}',
    zoneUnknown: 'The server’s time zone could not be read: times are shown in this browser’s zone, {zone}',
    loading: 'Loading the server’s time zone…',
  },
  th: {
    zoneTag: '{zone}',
    zoneTooltip: 'วันที่และเวลาทั้งหมดในระบบนี้แสดงตามเขตเวลาของเซิร์ฟเวอร์ {zone}',
    zoneUnknown: 'อ่านเขตเวลาของเซิร์ฟเวอร์ไม่ได้ จึงแสดงเวลาตามเขตเวลาของเบราว์เซอร์นี้ {zone}',
    loading: 'กำลังโหลดเขตเวลาของเซิร์ฟเวอร์…',
  },
};
