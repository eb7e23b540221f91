/** Messages of the demo's and the mail outbox's calls. */
export const DEMO_MESSAGES = {
  demoRemoved: {
    en: 'The demo was removed: {runs} run(s), {jobs} job(s) and the users {users}',
    th: 'ลบข้อมูลตัวอย่างแล้ว: {runs} รายการรัน, {jobs} งาน และผู้ใช้ {users}',
  },
  demoNotFound: { en: 'There is no demo to remove', th: 'ไม่มีข้อมูลตัวอย่างให้ลบ' },
  mailNotFound: { en: 'No such e-mail: {seq}', th: 'ไม่พบอีเมล {seq}' },
} as const;
