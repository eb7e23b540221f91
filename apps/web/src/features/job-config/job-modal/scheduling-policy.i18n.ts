import type { Messages } from '../../../platform/i18n/language';

type Keys =
  | 'overlapLabel'
  | 'overlap_skip'
  | 'overlap_buffer_one'
  | 'overlap_allow_all'
  | 'overlapHelp_skip'
  | 'overlapHelp_buffer_one'
  | 'overlapHelp_allow_all'
  | 'misfireLabel'
  | 'misfire_fire_once_now'
  | 'misfire_do_nothing'
  | 'misfireHelp_fire_once_now'
  | 'misfireHelp_do_nothing';

/** The job form's scheduling policies (decisions 0038 and 0046). */
export const schedulingPolicyMessages: Messages<Keys> = {
  en: {
    overlapLabel: 'When the job is still running',
    overlap_skip: 'Skip the new fire',
    overlap_buffer_one: 'Queue one run behind it',
    overlap_allow_all: 'Run side by side',
    overlapHelp_skip: 'A fire while a run of this job has not ended starts no run.',
    overlapHelp_buffer_one: 'One run waits and starts when the running one ends; further fires are skipped.',
    overlapHelp_allow_all: 'Every fire starts a run, even while others of this job are running.',
    misfireLabel: 'Missed fires (outage, maintenance window)',
    misfire_fire_once_now: 'Run once when back',
    misfire_do_nothing: 'Skip them',
    misfireHelp_fire_once_now:
      'One run for all the fire times missed, as soon as the scheduler or the window allows.',
    misfireHelp_do_nothing: 'No run for the missed fire times; the job goes on at its next fire time.',
  },
  th: {
    overlapLabel: 'เมื่องานยังทำงานอยู่',
    overlap_skip: 'ข้ามรอบใหม่',
    overlap_buffer_one: 'รอคิวหนึ่งรอบ',
    overlap_allow_all: 'ทำงานพร้อมกันได้',
    overlapHelp_skip: 'รอบที่ถึงเวลาขณะที่งานนี้ยังทำงานไม่เสร็จจะไม่เริ่มทำงาน',
    overlapHelp_buffer_one: 'หนึ่งรอบจะรอและเริ่มเมื่อรอบที่กำลังทำงานเสร็จ รอบถัดไปที่ถึงเวลาระหว่างนั้นจะถูกข้าม',
    overlapHelp_allow_all: 'ทุกรอบที่ถึงเวลาจะเริ่มทำงาน แม้งานนี้รอบอื่นยังทำงานอยู่',
    misfireLabel: 'รอบที่พลาด (ระบบหยุด, ช่วงปิดปรับปรุง)',
    misfire_fire_once_now: 'ทำงานหนึ่งครั้งเมื่อกลับมา',
    misfire_do_nothing: 'ข้ามรอบที่พลาด',
    misfireHelp_fire_once_now: 'ทำงานหนึ่งครั้งแทนทุกรอบที่พลาด ทันทีที่ตัวจัดตารางเวลาหรือช่วงปิดปรับปรุงอนุญาต',
    misfireHelp_do_nothing: 'ไม่ทำงานแทนรอบที่พลาด งานจะทำงานต่อที่รอบถัดไปตามกำหนด',
  },
};
