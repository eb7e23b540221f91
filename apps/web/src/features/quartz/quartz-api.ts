import {
  DEFAULT_SID,
  QUARTZ_PAUSE_PATH,
  QUARTZ_RESUME_PATH,
  type QuartzListResponse,
  type QuartzRow,
  type TriggerActionResponse,
} from '@lis/contracts';
import { api } from '../../platform/api/http';
import { companyOfGroup } from './quartz-filter';

export const quartzKeys = {
  all: ['quartz'] as const,
  list: () => [...quartzKeys.all, 'list'] as const,
};

/** Every trigger of the user's companies (the server limits them); filters apply in the browser. */
export function fetchQuartz(signal?: AbortSignal) {
  return api.get<QuartzListResponse>('v1/lis-server/quartz', { sid: DEFAULT_SID }, signal);
}

/** The stop button: pause a waiting trigger, or resume a paused one (admin of its company). */
export function changeTrigger(action: 'pause' | 'resume', row: QuartzRow) {
  return api.post<TriggerActionResponse>(action === 'pause' ? QUARTZ_PAUSE_PATH : QUARTZ_RESUME_PATH, {
    trigger_id: row.trigger_id,
    company_code: companyOfGroup(row.jobGroup),
  });
}
