import { ACTION_PASSWORD_MAX_LENGTH, ACTION_PASSWORD_MIN_LENGTH, type StepUpMode } from '@lis/contracts';
import type { Clock } from '../../platform/clock.js';
import {
  forbidden,
  httpStatusOf,
  invalid,
  tooManyRequests,
  type DomainError,
} from '../../platform/domain-error.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import { hashPassword, verifyPassword } from '../auth/password-hasher.js';
import type { SettingsRepository } from '../../db/settings.repository.js';
import type { UserRepository } from '../users/user.repository.js';
import type { StepUpBudgetRepository } from './step-up-budget.repository.js';

export const ACTION_PASSWORD_SETTING = 'action_password_hash';
/** Step-up attempts per user, over every protected action, and the window they are counted in. */
export const STEP_UP_MAX_ATTEMPTS = 5;
export const STEP_UP_WINDOW_MS = 15 * 60_000;

/** The spec's `important_job` flag: the text True/true marks a job whose runs need the step-up. */
export function isImportantJob(flag: string | null | undefined): boolean {
  return (flag ?? '').trim().toLowerCase() === 'true';
}

/** What is being protected, for the audit row of the attempt. */
export interface StepUpAction {
  /** e.g. 'run-immediate', 'run-step', 'delete-file'. */
  action: string;
  /** The job or the file. */
  target: string;
  companyCode: string | null;
  method: string;
  ip: string | null;
}

export interface StepUpPorts {
  settings: SettingsRepository;
  users: UserRepository;
  budget: StepUpBudgetRepository;
  audit: AuditRepository;
  clock: Clock;
}

type Outcome = 'passed' | 'wrong' | 'throttled' | 'missing' | 'no_own_password';

/**
 * DESIGN §6, decision 0020: the spec's client-side "operator password" as a server-side step-up. By
 * default the signed-in user re-enters their own password; once a super_admin sets a separate action
 * password, that one is asked instead. Every attempt is counted in the database before the password
 * is verified (one budget per user over every protected action, shared by all nodes), and audited.
 */
export class StepUpService {
  constructor(private readonly ports: StepUpPorts) {}

  async mode(): Promise<StepUpMode> {
    return (await this.ports.settings.get(ACTION_PASSWORD_SETTING)) ? 'action_password' : 'own_password';
  }

  async setActionPassword(password: string): Promise<void> {
    if (password.length < ACTION_PASSWORD_MIN_LENGTH || password.length > ACTION_PASSWORD_MAX_LENGTH)
      throw invalid('ACTION_PASSWORD_LENGTH_INVALID', 'actionPasswordLength', {
        min: ACTION_PASSWORD_MIN_LENGTH,
        max: ACTION_PASSWORD_MAX_LENGTH,
      });
    await this.ports.settings.set(
      ACTION_PASSWORD_SETTING,
      await hashPassword(password),
      this.ports.clock.now(),
    );
  }

  /** Back to "the user's own password". */
  async clearActionPassword(): Promise<void> {
    await this.ports.settings.delete(ACTION_PASSWORD_SETTING);
  }

  /** Passes, or throws: empty → 400, over the budget → 429, wrong → 403. */
  async verify(
    username: string,
    supplied: string | string[] | undefined,
    action: StepUpAction,
  ): Promise<void> {
    const password = Array.isArray(supplied) ? supplied[0] : supplied;
    const actionHash = await this.ports.settings.get(ACTION_PASSWORD_SETTING);
    const mode: StepUpMode = actionHash ? 'action_password' : 'own_password';
    const fail = async (outcome: Outcome, error: DomainError): Promise<never> => {
      await this.record(username, action, mode, outcome, httpStatusOf(error.code));
      throw error;
    };
    if (!password)
      return fail(
        'missing',
        invalid(
          'ACTION_PASSWORD_REQUIRED',
          mode === 'own_password' ? 'stepUpOwnPasswordRequired' : 'actionPasswordRequired',
        ),
      );

    const now = this.ports.clock.now();
    const taken = await this.ports.budget.take(username, now, STEP_UP_WINDOW_MS);
    if (taken.attempts > STEP_UP_MAX_ATTEMPTS) {
      const minutes = Math.max(1, Math.ceil((taken.windowStart + STEP_UP_WINDOW_MS - now) / 60_000));
      return fail('throttled', tooManyRequests('ACTION_PASSWORD_THROTTLED', 'stepUpThrottled', { minutes }));
    }

    const hash = actionHash ?? (await this.ports.users.find(username))?.password_hash ?? null;
    if (!hash) return fail('no_own_password', forbidden('ACTION_PASSWORD_NOT_SET', 'stepUpNoOwnPassword'));
    if (!(await verifyPassword(hash, password)))
      return fail(
        'wrong',
        forbidden(
          'ACTION_PASSWORD_WRONG',
          mode === 'own_password' ? 'stepUpOwnPasswordWrong' : 'actionPasswordWrong',
        ),
      );
    await this.ports.budget.giveBack(username, taken.windowStart);
    await this.record(username, action, mode, 'passed', 200);
  }

  /** One audit row per attempt, whatever its outcome (the route's own row follows). */
  private async record(
    username: string,
    action: StepUpAction,
    check: StepUpMode,
    outcome: Outcome,
    statusCode: number,
  ): Promise<void> {
    await this.ports.audit.record({
      at: this.ports.clock.now(),
      username,
      method: action.method,
      route: 'step-up',
      statusCode,
      companyCode: action.companyCode,
      target: action.target,
      details: { action: action.action, check, outcome },
      ip: action.ip,
    });
  }
}
