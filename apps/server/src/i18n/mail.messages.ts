/** Messages of the mail outbox (decision 0016). */
export const MAIL_MESSAGES = {
  mailResent: {
    en: 'E-mail {seq} is queued to be sent again, with the same Message-ID',
    th: 'อีเมล {seq} เข้าคิวเพื่อส่งอีกครั้งแล้ว โดยใช้ Message-ID เดิม',
  },
  mailNotResendable: {
    en: 'E-mail {seq} is {status}: only an e-mail whose outcome is unknown or that failed can be sent again',
    th: 'อีเมล {seq} มีสถานะ {status} ส่งอีกครั้งได้เฉพาะอีเมลที่ไม่ทราบผลการส่งหรือส่งไม่สำเร็จเท่านั้น',
  },
} as const;
