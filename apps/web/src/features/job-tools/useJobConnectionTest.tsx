import type { ReactNode } from 'react';
import type { JobConnectionTestRequest } from '@lis/contracts';

export interface JobConnectionTest {
  run: (form: JobConnectionTestRequest) => void;
  element: ReactNode;
}

/** The job modal's Test Connection: the spec's ordered checks, then the Test Status modal. */
export function useJobConnectionTest(): JobConnectionTest {
  return { run: () => undefined, element: null };
}
