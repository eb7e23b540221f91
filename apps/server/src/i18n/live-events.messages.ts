/** Messages of the live event stream `GET /v1/events` (docs/security.md "Live events"). */
export const LIVE_EVENTS_MESSAGES = {
  eventStreamsPerToken: {
    en: 'Too many live-update connections for this sign-in (at most {max}); close another tab and try again',
    th: 'การเข้าสู่ระบบนี้เปิดการเชื่อมต่ออัปเดตสดมากเกินไป (สูงสุด {max}) กรุณาปิดแท็บอื่นแล้วลองใหม่',
  },
  eventStreamsPerUser: {
    en: 'Too many live-update connections for this user (at most {max}); close another tab and try again',
    th: 'ผู้ใช้นี้เปิดการเชื่อมต่ออัปเดตสดมากเกินไป (สูงสุด {max}) กรุณาปิดแท็บอื่นแล้วลองใหม่',
  },
} as const;
