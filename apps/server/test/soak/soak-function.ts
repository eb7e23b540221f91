import { deliberateDelay } from '../../src/test-support/deliberate-delay.js';
import {
  HttpFailure,
  type CallAnswer,
  type CallRequest,
  type ReferenceFunction,
} from '../../../../tools/reference-function-server/function-contract.js';

/** How the soak's function behaves for one job (trial): the function-server faults. */
export type FunctionBehaviour =
  | { kind: 'echo' }
  /** The first call answers 500; later ones echo. */
  | { kind: 'fail-once' }
  /** The first call runs `ms` (past LIS's time limit, not stopping when LIS hangs up), then echoes. */
  | { kind: 'slow-once'; ms: number }
  /** Every result file twice in one answer. */
  | { kind: 'duplicate' };

/**
 * Soak/echo: echoes the files back as success files (the oracle then knows what each delivery must
 * hold), with the behaviour set for the job, and counts its completed executions per run —
 * a function that posts to an ERP does its work once per completed execution.
 */
export class SoakFunction {
  private readonly behaviours = new Map<string, FunctionBehaviour>();
  private readonly calls = new Map<string, number>();
  readonly executions = new Map<string, number>();
  inFlight = 0;

  behave(legacyId: string, behaviour: FunctionBehaviour): void {
    this.behaviours.set(legacyId, behaviour);
  }

  /** Completed executions per run (job instance) of a job. */
  executionsOf(legacyId: string): Map<string, number> {
    return new Map([...this.executions].filter(([key]) => key.startsWith(`${legacyId}\u0000`)));
  }

  get reference(): ReferenceFunction {
    return { description: 'the soak: echo with faults', run: (request) => this.run(request) };
  }

  private async run(request: CallRequest): Promise<CallAnswer> {
    const behaviour = this.behaviours.get(request.legacy_id) ?? { kind: 'echo' };
    const call = (this.calls.get(request.legacy_id) ?? 0) + 1;
    this.calls.set(request.legacy_id, call);
    this.inFlight += 1;
    try {
      if (behaviour.kind === 'fail-once' && call === 1) throw new HttpFailure(500, 'the soak fails once');
      if (behaviour.kind === 'slow-once' && call === 1) await deliberateDelay(behaviour.ms);
      const answer = echo(request, behaviour.kind === 'duplicate' ? 2 : 1);
      // Per run, whatever key it sent: a function that posts to an ERP must post once per run.
      const key = `${request.legacy_id}\u0000${request.job_instance_no}`;
      this.executions.set(key, (this.executions.get(key) ?? 0) + 1);
      return answer;
    } finally {
      this.inFlight -= 1;
    }
  }
}

function echo(request: CallRequest, times: number): CallAnswer {
  const files = request.files.flatMap((file) =>
    Array.from({ length: times }, () => ({
      file_name: file.file_name,
      content_base64: file.content_base64,
      kind: 'success' as const,
    })),
  );
  return {
    status: 'success',
    message: `${request.files.length} file(s) echoed`,
    files,
    results: request.files.map((file) => ({ status: 'S', message: 'echoed', file_name: file.file_name })),
  };
}
