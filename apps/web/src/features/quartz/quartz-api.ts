import { DEFAULT_SID, type QuartzRow } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';
import { companyOfGroup } from './quartz-filter';

export const quartzKeys = {
  all: ['quartz'] as const,
  list: () => [...quartzKeys.all, 'list'] as const,
};

/** Every trigger of the user's companies (the server limits them); filters apply in the browser. */
export function fetchQuartz(signal?: AbortSignal) {
  return call('GET /v1/lis-server/quartz', { query: { sid: DEFAULT_SID }, signal });
}

/** The stop button: pause a waiting trigger, or resume a paused one (admin of its company). */
export function changeTrigger(action: 'pause' | 'resume', row: QuartzRow) {
  const body = { trigger_id: row.trigger_id, company_code: companyOfGroup(row.jobGroup) };
  return action === 'pause'
    ? call('POST /v1/lis-server/quartz/pause', { body })
    : call('POST /v1/lis-server/quartz/resume', { body });
}
