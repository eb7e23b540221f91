import dayjs, { type Dayjs } from 'dayjs';

/** Spec 000 §9: dates are entered dd/mm/yyyy. */
export const ENTRY_DATE_FORMAT = 'DD/MM/YYYY';

/** ISO time → dd-mm-yyyy HH:mm:ss in the browser's zone (spec 000 §9); '' stays ''. */
export function tableTime(iso: string): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format('DD-MM-YYYY HH:mm:ss') : iso;
}

/** `yyyy-mm-dd` → dd-mm-yyyy. */
export function tableDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : isoDay;
}

/** A picked day as the job searches send it: yyyymmdd000000 (spec 000 §5). */
export const jobSearchDate = (day: Dayjs | null | undefined) =>
  day ? `${day.format('YYYYMMDD')}000000` : '';

/** A picked day as the application log and reports send it: yyyymmdd. */
export const compactDate = (day: Dayjs | null | undefined) => (day ? day.format('YYYYMMDD') : '');
