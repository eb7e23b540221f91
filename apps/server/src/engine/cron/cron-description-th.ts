import type { ClockTime, DescriptionVocabulary, FieldPart } from './cron-description-vocabulary.js';

const DAY_NAMES = ['วันอาทิตย์', 'วันจันทร์', 'วันอังคาร', 'วันพุธ', 'วันพฤหัสบดี', 'วันศุกร์', 'วันเสาร์'];
const MONTH_NAMES = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];
/** Monday to Friday: Quartz's W knows nothing of holidays, so not "วันทำการ". */
const WEEKDAY = 'วันธรรมดา (จันทร์–ศุกร์)';

const pad = (value: number) => String(value).padStart(2, '0');
const dayName = (dayOfWeek: number) => DAY_NAMES[dayOfWeek - 1] ?? String(dayOfWeek);
const monthName = (month: number) => MONTH_NAMES[month - 1] ?? String(month);

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1] ?? '';
  // Thai needs no space before a word, but one before a number: "วันอังคาร และวันพุธ", "4 และ 21".
  return `${items.slice(0, -1).join(', ')} และ${/^\d/.test(last) ? ' ' : ''}${last}`;
}

function clock({ hour, minute, second }: ClockTime): string {
  return second === 0 ? `${pad(hour)}:${pad(minute)}` : `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

function stepBounds(part: FieldPart & { kind: 'step' }, name: (value: number) => string, to = name): string {
  if (part.from === undefined) return '';
  if (part.to === undefined) return ` เริ่มที่${name(part.from)}`;
  return ` ตั้งแต่${name(part.from)} ถึง ${to(part.to)}`;
}

/** วินาที / นาที: "ทุก 15 วินาที", "ในนาทีที่ 4 และ 21 ของชั่วโมง" */
function timeUnit(unit: 'วินาที' | 'นาที', parts: readonly FieldPart[], suffix: string): string {
  const phrases = parts.map((part): string => {
    switch (part.kind) {
      case 'every':
        return `ทุก${unit}`;
      case 'values':
        return `ใน${unit}ที่ ${list(part.values.map(String))}${suffix}`;
      case 'range':
        return `ทุก${unit} ตั้งแต่${unit}ที่ ${part.from} ถึง ${part.to}${suffix}`;
      case 'step':
        return `ทุก ${part.step} ${unit}${stepBounds(part, (value) => `${unit}ที่ ${value}`, String)}`;
    }
  });
  return list(phrases);
}

export const thaiVocabulary: DescriptionVocabulary = {
  clockTimes: (times) => `เวลา ${list(times.map(clock))} น.`,
  everyHourAt: (minute, second) => {
    if (minute === 0 && second === 0) return 'ทุกชั่วโมงตรง';
    return second === 0 ? `ทุกชั่วโมง ในนาทีที่ ${minute}` : `ทุกชั่วโมง ในนาทีที่ ${minute} วินาทีที่ ${second}`;
  },
  everyMinuteAt: (second) => (second === 0 ? 'ทุกนาที' : `ทุกนาที ในวินาทีที่ ${second}`),
  ofEveryMinute: (seconds) => `${seconds} ของทุกนาที`,
  hoursAtMinute: (hours, minute, second) => {
    if (minute === 0 && second === 0) return `${hours} ตรงต้นชั่วโมง`;
    return second === 0 ? `${hours} ในนาทีที่ ${minute}` : `${hours} ในนาทีที่ ${minute} วินาทีที่ ${second}`;
  },
  seconds: (parts) => timeUnit('วินาที', parts, ''),
  minutes: (parts) => timeUnit('นาที', parts, ' ของชั่วโมง'),
  hours: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'ทุกชั่วโมง';
          case 'values':
            return `ในช่วง ${list(part.values.map((hour) => `${pad(hour)}:00–${pad(hour)}:59`))} น.`;
          case 'range':
            return `ระหว่าง ${pad(part.from)}:00 ถึง ${pad(part.to)}:59 น.`;
          case 'step':
            return `ทุก ${part.step} ชั่วโมง${stepBounds(
              part,
              (hour) => `เวลา ${pad(hour)}:00 น.`,
              (hour) => `${pad(hour)}:00 น.`,
            )}`;
        }
      }),
    ),
  daysOfMonth: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'ทุกวัน';
          case 'values':
            return `ในวันที่ ${list(part.values.map(String))} ของเดือน`;
          case 'range':
            return `ในวันที่ ${part.from} ถึง ${part.to} ของเดือน`;
          case 'step':
            return `ทุก ${part.step} วันของเดือน${stepBounds(part, (day) => `วันที่ ${day}`, String)}`;
        }
      }),
    ),
  lastDayOfMonth: (offset, nearestWeekday) => {
    const day = offset === 0 ? 'วันสุดท้ายของเดือน' : `วันที่อยู่ก่อนวันสุดท้ายของเดือน ${offset} วัน`;
    if (!nearestWeekday) return `ใน${day}`;
    return offset === 0 ? `ใน${WEEKDAY} วันสุดท้ายของเดือน` : `ใน${WEEKDAY} ที่ใกล้ที่สุดกับ${day}`;
  },
  nearestWeekday: (day) => `ใน${WEEKDAY} ที่ใกล้ที่สุดกับวันที่ ${day} ของเดือน`,
  daysOfWeek: (parts) =>
    `ทุก${list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'วัน';
          case 'values':
            return list(part.values.map(dayName));
          case 'range':
            return `${dayName(part.from)}ถึง${dayName(part.to)}`;
          case 'step':
            return ` ${part.step} วันของสัปดาห์${stepBounds(part, dayName)}`;
        }
      }),
    )}`,
  lastDayOfWeekInMonth: (dayOfWeek) => `ใน${dayName(dayOfWeek)}สุดท้ายของเดือน`,
  // "วันจันทร์ที่ 3" would read as a date (Monday the 3rd): say the 3rd occurrence.
  nthDayOfWeekInMonth: (dayOfWeek, nth) => `ใน${dayName(dayOfWeek)}ครั้งที่ ${nth} ของเดือน`,
  months: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'ทุกเดือน';
          case 'values':
            return `ในเดือน${list(part.values.map(monthName))}`;
          case 'range':
            return `ตั้งแต่เดือน${monthName(part.from)}ถึง${monthName(part.to)}`;
          case 'step':
            return `ทุก ${part.step} เดือน${stepBounds(part, (month) => `เดือน${monthName(month)}`, monthName)}`;
        }
      }),
    ),
  years: (parts) =>
    list(
      parts.map((part): string => {
        switch (part.kind) {
          case 'every':
            return 'ทุกปี';
          case 'values':
            return `ในปี ค.ศ. ${list(part.values.map(String))}`;
          case 'range':
            return `ตั้งแต่ปี ค.ศ. ${part.from} ถึง ${part.to}`;
          case 'step':
            return `ทุก ${part.step} ปี${stepBounds(part, (year) => `ปี ค.ศ. ${year}`, String).replace(' เริ่มที่', ' ตั้งแต่')}`;
        }
      }),
    ),
  sentence: (clauses) => clauses.join(' '),
};
