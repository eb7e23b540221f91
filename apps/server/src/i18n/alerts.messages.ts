/** Messages of the alerts (issue 35): their API and its refusals, and the texts an alert is sent with. */
export const ALERTS_MESSAGES = {
  alertChannelInvalid: {
    en: 'The alert channel is not valid: {problem}',
    th: 'ช่องทางแจ้งเตือนไม่ถูกต้อง: {problem}',
  },
  alertChannelNotFound: {
    en: 'Alert channel {name} was not found in company {company}',
    th: 'ไม่พบช่องทางแจ้งเตือน {name} ในบริษัท {company}',
  },
  alertChannelExists: {
    en: 'Not successful: alert channel {name} already exists in company {company}',
    th: 'ไม่สำเร็จ: ช่องทางแจ้งเตือน {name} มีอยู่แล้วในบริษัท {company}',
  },
  alertChannelInUse: {
    en: 'Alert channel {name} is used by rule(s) {rules}: change them first',
    th: 'ช่องทางแจ้งเตือน {name} ถูกใช้โดยกฎ {rules} กรุณาแก้ไขกฎเหล่านั้นก่อน',
  },
  alertChannelUnknown: {
    en: 'Company {company} has no alert channel {name}',
    th: 'บริษัท {company} ไม่มีช่องทางแจ้งเตือน {name}',
  },
  alertSecretAgain: {
    en: 'The webhook URL changed: type the secret again',
    th: 'URL ของ webhook เปลี่ยนไป กรุณากรอก secret อีกครั้ง',
  },
  alertRuleInvalid: {
    en: 'The alert rule is not valid: {problem}',
    th: 'กฎการแจ้งเตือนไม่ถูกต้อง: {problem}',
  },
  alertRuleNotFound: {
    en: 'Alert rule {name} was not found in company {company}',
    th: 'ไม่พบกฎการแจ้งเตือน {name} ในบริษัท {company}',
  },
  alertRuleExists: {
    en: 'Not successful: alert rule {name} already exists in company {company}',
    th: 'ไม่สำเร็จ: กฎการแจ้งเตือน {name} มีอยู่แล้วในบริษัท {company}',
  },
  alertTooMany: {
    en: 'Company {company} has {max} alert {what} already: delete one first',
    th: 'บริษัท {company} มี{what}ครบ {max} รายการแล้ว กรุณาลบรายการเดิมก่อน',
  },
  alertWordChannels: { en: 'channels', th: 'ช่องทางแจ้งเตือน' },
  alertWordRules: { en: 'rules', th: 'กฎการแจ้งเตือน' },
  alertNotFound: { en: 'Alert {eventId} was not found', th: 'ไม่พบการแจ้งเตือน {eventId}' },
  alertNotOpen: {
    en: 'Alert {eventId} is {state} already',
    th: 'การแจ้งเตือน {eventId} อยู่ในสถานะ {state} แล้ว',
  },
  alertDeliveryNotFound: {
    en: 'Alert {eventId} of company {company} has no delivery to channel {channel}',
    th: 'การแจ้งเตือน {eventId} ของบริษัท {company} ไม่มีการส่งถึงช่องทาง {channel}',
  },
  alertDeliveryNotFailed: {
    en: 'The delivery of alert {eventId} to channel {channel} is {state}: only a failed delivery is sent again',
    th: 'การส่งการแจ้งเตือน {eventId} ถึงช่องทาง {channel} อยู่ในสถานะ {state} ส่งซ้ำได้เฉพาะการส่งที่ล้มเหลว',
  },
  alertListInvalid: {
    en: 'The alert list is not valid: {problem}',
    th: 'เงื่อนไขรายการแจ้งเตือนไม่ถูกต้อง: {problem}',
  },
  alertChannelDeleted: { en: 'Alert channel {name} deleted', th: 'ลบช่องทางแจ้งเตือน {name} แล้ว' },
  alertRuleDeleted: { en: 'Alert rule {name} deleted', th: 'ลบกฎการแจ้งเตือน {name} แล้ว' },
  alertTestDelivered: {
    en: 'The test alert was delivered to {name}',
    th: 'ส่งการแจ้งเตือนทดสอบถึง {name} แล้ว',
  },
  alertTestNotDelivered: {
    en: 'The test alert was not delivered to {name}',
    th: 'ส่งการแจ้งเตือนทดสอบถึง {name} ไม่สำเร็จ',
  },

  // What an alert says, in its channel's language (modules/alerts/alert-payloads.ts).
  alertSummaryRunError: {
    en: '{job}: run {run} ended in ERROR',
    th: '{job}: การรัน {run} จบด้วย ERROR',
  },
  alertSummaryRunStopped: { en: '{job}: run {run} was stopped', th: '{job}: การรัน {run} ถูกสั่งหยุด' },
  alertSummaryJobSuspended: {
    en: '{job}: the job was suspended by run {run}',
    th: '{job}: งานถูกพักไว้โดยการรัน {run}',
  },
  alertSummaryLate: {
    en: '{job}: the expected files have not arrived; the deadline is {deadline}',
    th: '{job}: ไฟล์ที่รอยังไม่มา กำหนดส่งคือ {deadline}',
  },
  alertSummaryMissing: {
    en: '{job}: the expected files did not arrive by {deadline}',
    th: '{job}: ไฟล์ที่รอไม่มาภายในกำหนด {deadline}',
  },
  alertSummaryRecovered: {
    en: '{job}: the expected files arrived after the deadline {deadline}',
    th: '{job}: ไฟล์ที่รอมาถึงแล้วหลังกำหนด {deadline}',
  },
  alertSummaryMisfire: {
    en: '{job}: fire times were missed (misfire) from {at}',
    th: '{job}: พลาดกำหนดการทำงาน (misfire) ตั้งแต่ {at}',
  },
  alertSummaryServerUnreachable: {
    en: '{kind} {server} ({address}) is unreachable since {at}: its connection checks failed',
    th: '{kind} {server} ({address}) ติดต่อไม่ได้ตั้งแต่ {at}: การตรวจสอบการเชื่อมต่อไม่สำเร็จ',
  },
  alertServerKindApi: { en: 'Function server', th: 'เซิร์ฟเวอร์ฟังก์ชัน' },
  alertServerKindSftp: { en: 'sFTP server', th: 'เซิร์ฟเวอร์ sFTP' },
  alertLabelServer: { en: 'Server', th: 'เซิร์ฟเวอร์' },
  alertSummaryTest: {
    en: 'LIS test alert: channel {channel} of company {company}',
    th: 'การแจ้งเตือนทดสอบจาก LIS: ช่องทาง {channel} ของบริษัท {company}',
  },
  alertEscalated: { en: 'Escalated: {summary}', th: 'ยกระดับการแจ้งเตือน: {summary}' },
  alertLabelCompany: { en: 'Company', th: 'บริษัท' },
  alertLabelJob: { en: 'Job', th: 'งาน' },
  alertLabelRun: { en: 'Run', th: 'การรัน' },
  alertLabelBusinessDay: { en: 'Business day', th: 'วันทำการ' },
  alertLabelDeadline: { en: 'Deadline', th: 'กำหนดส่ง' },
  alertLabelCondition: { en: 'Condition', th: 'เงื่อนไข' },
  alertLabelOccurred: { en: 'Occurred at', th: 'เกิดเมื่อ' },
  alertOpenInLis: { en: 'Open in LIS', th: 'เปิดใน LIS' },
} as const;
