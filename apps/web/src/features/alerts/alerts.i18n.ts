import type { Messages, PluralKeys } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';

type Keys =
  | ResourceMessageKey
  | 'title'
  | 'tabOpen'
  | 'tabAcknowledged'
  | 'tabHistory'
  | 'filters'
  | 'company'
  | 'allCompanies'
  | 'condition'
  | 'anyCondition'
  | 'job'
  | 'anyJob'
  | 'raised'
  | 'raisedAt'
  | 'businessDay'
  | 'state'
  | 'stateopen'
  | 'stateacknowledged'
  | 'stateresolved'
  | 'acknowledgedBy'
  | 'resolvedAt'
  | 'escalatedAt'
  | 'deliveries'
  | 'deliveriesOf'
  | 'noDeliveries'
  | 'attempt'
  | 'channel'
  | 'at'
  | 'answer'
  | 'outcomedelivered'
  | 'outcomeretrying'
  | 'outcomefailed'
  | 'escalation'
  | 'httpStatus'
  | 'action'
  | 'acknowledge'
  | 'acknowledgeTitle'
  | 'acknowledgeText'
  | 'comment'
  | 'commentHint'
  | 'cancel'
  | 'acknowledged'
  | 'openDetail'
  | 'noData'
  | 'total'
  | 'totalOne'
  | 'badge'
  | 'badgeNone'
  | 'eventShown'
  | 'eventNotFound'
  | 'showAll'
  | 'resend'
  | 'resendTo'
  | 'resendEscalationTo'
  | 'resent'
  | 'sendingAgain'
  | 'serverapi'
  | 'serversftp';

export const TOTAL_KEYS: PluralKeys<Keys> = { one: 'totalOne', other: 'total' };

/** The Alerts screen (issue 35, route /alerts) and the header's badge. */
export const alertsMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Alerts',
    tabOpen: 'Open',
    tabAcknowledged: 'Acknowledged',
    tabHistory: 'History',
    filters: 'Filter the alerts',
    company: 'Company',
    allCompanies: 'All of mine',
    condition: 'Condition',
    anyCondition: 'Any',
    job: 'Job (Legacy ID)',
    anyJob: 'Any job',
    raised: 'Raised on',
    raisedAt: 'Raised at',
    businessDay: 'Business day',
    state: 'State',
    stateopen: 'Open',
    stateacknowledged: 'Acknowledged',
    stateresolved: 'Resolved',
    acknowledgedBy: 'by {user}, {at}',
    resolvedAt: 'at {at}',
    escalatedAt: 'Escalated {at}',
    deliveries: 'Deliveries',
    deliveriesOf: 'Deliveries of this alert',
    noDeliveries: 'No channel was notified (no rule matched, or its channels are off).',
    attempt: 'Attempt',
    channel: 'Channel',
    at: 'At',
    answer: 'Answer',
    outcomedelivered: 'Delivered',
    outcomeretrying: 'Retrying',
    outcomefailed: 'Failed',
    escalation: 'Escalation',
    httpStatus: 'HTTP {status}',
    action: 'Action',
    acknowledge: 'Acknowledge',
    acknowledgeTitle: 'Acknowledge the alert',
    acknowledgeText:
      'You take it in hand: the alert is no longer open and does not escalate. Your name and the time are kept.',
    comment: 'Comment',
    commentHint: 'What you did or will do (optional).',
    cancel: 'Cancel',
    acknowledged: 'Alert acknowledged',
    openDetail: 'Open Monitor Detail of run {run}',
    noData: 'No alerts',
    total: '{total} alerts',
    totalOne: '{total} alert',
    badge: 'Alerts: {count} open',
    badgeNone: 'Alerts: none open',
    eventShown: 'The alert of event {event}, with its deliveries',
    eventNotFound: 'No alert of event {event} among the alerts of your companies',
    showAll: 'Show all alerts',
    resend: 'Resend',
    resendTo: 'Resend to {channel}',
    resendEscalationTo: 'Resend the escalation to {channel}',
    resent: 'Sending again to {channel}',
    sendingAgain: 'Sending again',
    serverapi: 'Function server',
    serversftp: 'sFTP server',
  },
  th: {
    ...resourceMessages.th,
    title: 'การแจ้งเตือน',
    tabOpen: 'เปิดอยู่',
    tabAcknowledged: 'รับทราบแล้ว',
    tabHistory: 'ประวัติ',
    filters: 'กรองการแจ้งเตือน',
    company: 'บริษัท',
    allCompanies: 'ทุกบริษัทของฉัน',
    condition: 'เงื่อนไข',
    anyCondition: 'ทั้งหมด',
    job: 'งาน (Legacy ID)',
    anyJob: 'ทุกงาน',
    raised: 'วันที่เกิด',
    raisedAt: 'เวลาที่เกิด',
    businessDay: 'วันทำการ',
    state: 'สถานะ',
    stateopen: 'เปิดอยู่',
    stateacknowledged: 'รับทราบแล้ว',
    stateresolved: 'คลี่คลายแล้ว',
    acknowledgedBy: 'โดย {user} เมื่อ {at}',
    resolvedAt: 'เมื่อ {at}',
    escalatedAt: 'ยกระดับเมื่อ {at}',
    deliveries: 'การส่ง',
    deliveriesOf: 'การส่งของการแจ้งเตือนนี้',
    noDeliveries: 'ไม่ได้ส่งไปยังช่องทางใด (ไม่มีกฎที่ตรง หรือช่องทางปิดอยู่)',
    attempt: 'ครั้งที่',
    channel: 'ช่องทาง',
    at: 'เวลา',
    answer: 'ผลตอบกลับ',
    outcomedelivered: 'ส่งสำเร็จ',
    outcomeretrying: 'กำลังลองใหม่',
    outcomefailed: 'ส่งไม่สำเร็จ',
    escalation: 'ยกระดับ',
    httpStatus: 'รหัส HTTP {status}',
    action: 'การดำเนินการ',
    acknowledge: 'รับทราบ',
    acknowledgeTitle: 'รับทราบการแจ้งเตือน',
    acknowledgeText: 'คุณรับเรื่องนี้ไปดำเนินการ การแจ้งเตือนจะไม่เปิดอยู่และจะไม่ถูกยกระดับ ระบบจะบันทึกชื่อและเวลาของคุณไว้',
    comment: 'หมายเหตุ',
    commentHint: 'สิ่งที่คุณทำหรือจะทำ (ไม่บังคับ)',
    cancel: 'ยกเลิก',
    acknowledged: 'รับทราบการแจ้งเตือนแล้ว',
    openDetail: 'เปิดรายละเอียดการติดตามงานของการทำงาน {run}',
    noData: 'ไม่มีการแจ้งเตือน',
    total: 'ทั้งหมด {total} รายการ',
    totalOne: 'ทั้งหมด {total} รายการ',
    badge: 'การแจ้งเตือน: เปิดอยู่ {count} รายการ',
    badgeNone: 'การแจ้งเตือน: ไม่มีรายการที่เปิดอยู่',
    eventShown: 'การแจ้งเตือนของเหตุการณ์ {event} พร้อมการส่ง',
    eventNotFound: 'ไม่พบการแจ้งเตือนของเหตุการณ์ {event} ในการแจ้งเตือนของบริษัทของคุณ',
    showAll: 'แสดงการแจ้งเตือนทั้งหมด',
    resend: 'ส่งอีกครั้ง',
    resendTo: 'ส่งอีกครั้งถึง {channel}',
    resendEscalationTo: 'ส่งการยกระดับอีกครั้งถึง {channel}',
    resent: 'กำลังส่งอีกครั้งถึง {channel}',
    sendingAgain: 'กำลังส่งอีกครั้ง',
    serverapi: 'เซิร์ฟเวอร์ฟังก์ชัน',
    serversftp: 'เซิร์ฟเวอร์ sFTP',
  },
};
