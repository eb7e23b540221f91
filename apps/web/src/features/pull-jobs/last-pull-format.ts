import dayjs from 'dayjs';

/** Spec 001 §9 times: 'dd-mm-yyyy HH:mm:ss' in the browser's time zone; '' when the job never ran. */
export function formatLastPull(iso: string): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format('DD-MM-YYYY HH:mm:ss') : '';
}
