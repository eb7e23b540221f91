import { useQuery } from '@tanstack/react-query';
import type { StepUpMode } from '@lis/contracts';
import { fetchActionPasswordStatus, settingsKeys } from './settings-api';

/**
 * What the password prompts of protected actions ask for: the signed-in user's own password, or the
 * action password a super_admin set. Undefined while unknown (the prompt then names the action password).
 */
export function useStepUpMode(enabled = true): StepUpMode | undefined {
  const status = useQuery({
    queryKey: settingsKeys.actionPassword,
    queryFn: ({ signal }) => fetchActionPasswordStatus(signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return status.data?.step_up;
}
