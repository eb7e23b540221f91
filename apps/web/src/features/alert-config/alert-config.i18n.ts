import type { Messages } from '../../platform/i18n/language';
import { resourceMessages, type ResourceMessageKey } from '../../ui/resource/resource-messages';
import type { ChannelCheck } from './channel-form';
import type { RuleCheck } from './rule-form';

type Keys =
  | ResourceMessageKey
  | ChannelCheck
  | RuleCheck
  | 'title'
  | 'add'
  | 'company'
  | 'search'
  | 'tabChannels'
  | 'tabRules'
  | 'addChannel'
  | 'addRule'
  | 'name'
  | 'kind'
  | 'kindemail'
  | 'kindwebhook'
  | 'kindteams'
  | 'kindslack'
  | 'language'
  | 'languageen'
  | 'languageth'
  | 'enabled'
  | 'on'
  | 'off'
  | 'target'
  | 'recipients'
  | 'recipientsHint'
  | 'url'
  | 'urlHintAdd'
  | 'urlHintEdit'
  | 'urlStored'
  | 'secret'
  | 'secretStored'
  | 'secretHintAdd'
  | 'secretHintEdit'
  | 'hasSecret'
  | 'noSecret'
  | 'updated'
  | 'sendTest'
  | 'sendTestButton'
  | 'testTitle'
  | 'testDelivered'
  | 'testNotDelivered'
  | 'testStatus'
  | 'testAnswer'
  | 'testError'
  | 'testNone'
  | 'addChannelTitle'
  | 'editChannelTitle'
  | 'addRuleTitle'
  | 'editRuleTitle'
  | 'conditions'
  | 'jobs'
  | 'allJobs'
  | 'someJobs'
  | 'jobsPick'
  | 'channels'
  | 'escalation'
  | 'escalateAfter'
  | 'escalateTo'
  | 'escalationHint'
  | 'escalationOf'
  | 'noEscalation'
  | 'minutes'
  | 'noChannels'
  | 'noData'
  | 'saved'
  | 'deleted'
  | 'deleteChannel'
  | 'deleteRule'
  | 'no';

/** Alert Config (issue 35, route /alertconfig): a company's alert channels and rules. */
export const alertConfigMessages: Messages<Keys> = {
  en: {
    ...resourceMessages.en,
    title: 'Alert Config',
    add: 'New',
    company: 'Company',
    search: 'Alert channels and rules of a company',
    tabChannels: 'Channels',
    tabRules: 'Rules',
    addChannel: 'New channel',
    addRule: 'New rule',
    name: 'Name',
    kind: 'Kind',
    kindemail: 'E-mail',
    kindwebhook: 'Webhook',
    kindteams: 'Microsoft Teams',
    kindslack: 'Slack',
    language: 'Language of its messages',
    languageen: 'English',
    languageth: 'Thai',
    enabled: 'Enabled',
    on: 'On',
    off: 'Off',
    target: 'Sent to',
    recipients: 'Recipients',
    recipientsHint: 'E-mail addresses; Enter or a comma after each.',
    url: 'URL',
    urlHintAdd: 'The receiver’s address (https, or http to an allowed address).',
    urlHintEdit: 'Stored: {url}. Leave empty to keep it.',
    urlStored: 'stored',
    secret: 'Signing secret',
    secretStored: 'stored',
    secretHintAdd: '16 to 256 characters. The receiver checks the X-LIS-Signature-256 header with it.',
    secretHintEdit: 'Leave empty to keep the stored secret. A new URL needs it typed again.',
    hasSecret: 'Secret stored',
    noSecret: 'No secret',
    updated: 'Updated',
    sendTest: 'Send test alert',
    sendTestButton: 'Send test alert',
    testTitle: 'Test alert: {name}',
    testDelivered: 'Delivered',
    testNotDelivered: 'Not delivered',
    testStatus: 'Receiver’s status',
    testAnswer: 'Receiver’s answer',
    testError: 'Error',
    testNone: '(none)',
    addChannelTitle: 'New alert channel',
    editChannelTitle: 'Edit alert channel: {name}',
    addRuleTitle: 'New alert rule',
    editRuleTitle: 'Edit alert rule: {name}',
    conditions: 'Conditions',
    jobs: 'Jobs',
    allJobs: 'All jobs of the company',
    someJobs: 'These jobs',
    jobsPick: 'Choose the jobs',
    channels: 'Channels',
    escalation: 'Escalation',
    escalateAfter: 'Escalate after',
    escalateTo: 'to channel',
    escalationHint: 'An alert still open this long after it was raised is sent once more, to this channel.',
    escalationOf: 'after {minutes} min → {channel}',
    noEscalation: 'none',
    minutes: 'min',
    noChannels: 'The company has no channel yet: add one on the Channels tab first.',
    noData: 'No Data...',
    saved: 'Data saved successfully',
    deleted: 'Data deleted successfully',
    deleteChannel: 'Do you want to delete alert channel {name} of {company}?',
    deleteRule: 'Do you want to delete alert rule {name} of {company}?',
    no: 'No',
    nameRequired: 'please fill in the Name field',
    nameInvalid:
      'Name may contain only letters, digits, _ . and - and start with a letter or digit (up to 64)',
    recipientsRequired: 'please give at least one e-mail address',
    recipientInvalid: 'each recipient must be an e-mail address',
    urlRequired: 'please fill in the URL',
    urlInvalid: 'an http or https address',
    secretRequired: 'please fill in the signing secret',
    secretLength: '16 to 256 characters',
    conditionsRequired: 'please choose at least one condition',
    jobsRequired: 'please choose the jobs (or all jobs)',
    channelsRequired: 'please choose at least one channel',
    escalationHalf: 'give both the minutes and the channel, or neither',
    escalationMinutes: 'a whole number of minutes, 1 to 10080',
  },
  th: {
    ...resourceMessages.th,
    title: 'ตั้งค่าการแจ้งเตือน',
    add: 'สร้างใหม่',
    company: 'บริษัท',
    search: 'ช่องทางและกฎการแจ้งเตือนของบริษัท',
    tabChannels: 'ช่องทาง',
    tabRules: 'กฎ',
    addChannel: 'สร้างช่องทางใหม่',
    addRule: 'สร้างกฎใหม่',
    name: 'ชื่อ',
    kind: 'ประเภท',
    kindemail: 'อีเมล',
    kindwebhook: 'เว็บฮุก (Webhook)',
    kindteams: 'ทีมส์ (Microsoft Teams)',
    kindslack: 'สแล็ก (Slack)',
    language: 'ภาษาของข้อความ',
    languageen: 'อังกฤษ',
    languageth: 'ไทย',
    enabled: 'เปิดใช้งาน',
    on: 'เปิด',
    off: 'ปิด',
    target: 'ส่งถึง',
    recipients: 'ผู้รับ',
    recipientsHint: 'ที่อยู่อีเมล กด Enter หรือใส่จุลภาคหลังแต่ละรายการ',
    url: 'URL',
    urlHintAdd: 'ที่อยู่ของผู้รับ (https หรือ http ไปยังที่อยู่ที่อนุญาต)',
    urlHintEdit: 'ที่บันทึกไว้: {url} เว้นว่างไว้เพื่อใช้ค่าเดิม',
    urlStored: 'บันทึกไว้แล้ว',
    secret: 'รหัสลับสำหรับลงนาม',
    secretStored: 'บันทึกไว้แล้ว',
    secretHintAdd: '16 ถึง 256 ตัวอักษร ผู้รับใช้ตรวจสอบส่วนหัว X-LIS-Signature-256',
    secretHintEdit: 'เว้นว่างไว้เพื่อใช้รหัสลับเดิม หากเปลี่ยน URL ต้องกรอกรหัสลับอีกครั้ง',
    hasSecret: 'มีรหัสลับแล้ว',
    noSecret: 'ไม่มีรหัสลับ',
    updated: 'แก้ไขล่าสุด',
    sendTest: 'ส่งการแจ้งเตือนทดสอบ',
    // The row's button, short enough for its column at 1366 px (the header says it whole).
    sendTestButton: 'ส่งทดสอบ',
    testTitle: 'การแจ้งเตือนทดสอบ: {name}',
    testDelivered: 'ส่งสำเร็จ',
    testNotDelivered: 'ส่งไม่สำเร็จ',
    testStatus: 'รหัสสถานะจากผู้รับ',
    testAnswer: 'คำตอบจากผู้รับ',
    testError: 'ข้อผิดพลาด',
    testNone: '(ไม่มี)',
    addChannelTitle: 'สร้างช่องทางการแจ้งเตือนใหม่',
    editChannelTitle: 'แก้ไขช่องทางการแจ้งเตือน: {name}',
    addRuleTitle: 'สร้างกฎการแจ้งเตือนใหม่',
    editRuleTitle: 'แก้ไขกฎการแจ้งเตือน: {name}',
    conditions: 'เงื่อนไข',
    jobs: 'งาน',
    allJobs: 'ทุกงานของบริษัท',
    someJobs: 'เฉพาะงานเหล่านี้',
    jobsPick: 'เลือกงาน',
    channels: 'ช่องทาง',
    escalation: 'การยกระดับ',
    escalateAfter: 'ยกระดับหลังจาก',
    escalateTo: 'ไปยังช่องทาง',
    escalationHint: 'การแจ้งเตือนที่ยังเปิดอยู่หลังจากเกิดขึ้นนานเท่านี้ จะถูกส่งอีกครั้งไปยังช่องทางนี้',
    escalationOf: 'หลัง {minutes} นาที → {channel}',
    noEscalation: 'ไม่มี',
    minutes: 'นาที',
    noChannels: 'บริษัทยังไม่มีช่องทาง กรุณาเพิ่มช่องทางในแท็บช่องทางก่อน',
    noData: 'ไม่พบข้อมูล...',
    saved: 'บันทึกข้อมูลสำเร็จ',
    deleted: 'ลบข้อมูลสำเร็จ',
    deleteChannel: 'คุณต้องการลบช่องทางการแจ้งเตือน {name} ของ {company} หรือไม่?',
    deleteRule: 'คุณต้องการลบกฎการแจ้งเตือน {name} ของ {company} หรือไม่?',
    no: 'ไม่ใช่',
    nameRequired: 'กรุณากรอกข้อมูลช่องชื่อ',
    nameInvalid: 'ชื่อใช้ได้เฉพาะตัวอักษร ตัวเลข _ . และ - และต้องขึ้นต้นด้วยตัวอักษรหรือตัวเลข (ไม่เกิน 64 ตัว)',
    recipientsRequired: 'กรุณาระบุที่อยู่อีเมลอย่างน้อยหนึ่งรายการ',
    recipientInvalid: 'ผู้รับแต่ละรายต้องเป็นที่อยู่อีเมล',
    urlRequired: 'กรุณากรอก URL',
    urlInvalid: 'ที่อยู่แบบ http หรือ https',
    secretRequired: 'กรุณากรอกรหัสลับสำหรับลงนาม',
    secretLength: '16 ถึง 256 ตัวอักษร',
    conditionsRequired: 'กรุณาเลือกเงื่อนไขอย่างน้อยหนึ่งรายการ',
    jobsRequired: 'กรุณาเลือกงาน (หรือทุกงาน)',
    channelsRequired: 'กรุณาเลือกช่องทางอย่างน้อยหนึ่งรายการ',
    escalationHalf: 'กรุณาระบุทั้งจำนวนนาทีและช่องทาง หรือไม่ระบุทั้งสองอย่าง',
    escalationMinutes: 'จำนวนนาทีเต็ม 1 ถึง 10080',
  },
};
