import { tableTime } from '../../ui/table-dates';

/** Spec 001 §9 times: 'dd-mm-yyyy HH:mm:ss' in the server's time zone; '' when the job never ran. */
export function formatLastPull(iso: string): string {
  if (!iso) return '';
  const text = tableTime(iso);
  return text === iso ? '' : text;
}
