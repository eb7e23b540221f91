import { useT } from '../platform/i18n/I18nProvider';
import type { Messages } from '../platform/i18n/language';

/**
 * What a run or step state means, where a state code alone could mislead (issue 31): STOPPED is shown
 * as its code, like every state (decision 0030), and explained in the reader's language on hover.
 */
export const runStateMessages: Messages<'helpSTOPPED'> = {
  en: { helpSTOPPED: 'Stopped by an operator — not an error' },
  th: { helpSTOPPED: 'ผู้ใช้งานสั่งหยุด — ไม่ใช่ข้อผิดพลาด' },
};

/** The explanation of a state in the reader's language, or undefined for a state that needs none. */
export function useRunStateHelp(): (status: string) => string | undefined {
  const t = useT(runStateMessages);
  return (status) => (status.trim().toUpperCase() === 'STOPPED' ? t('helpSTOPPED') : undefined);
}
