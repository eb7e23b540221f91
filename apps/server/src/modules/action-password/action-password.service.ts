import { HttpError } from '../../http/http-error.js';
import { message, type Language } from '../../i18n/messages.js';
import type { Clock } from '../../platform/clock.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/password-hasher.js';
import type { SettingsRepository } from '../settings/settings.repository.js';

export const ACTION_PASSWORD_SETTING = 'action_password_hash';
export const ACTION_PASSWORD_MIN_LENGTH = 8;
export const ACTION_PASSWORD_MAX_LENGTH = 128;
/** Wrong passwords per user before 429, and the window they are counted in. */
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

/** The spec's `important_job` flag: the text True/true marks a job whose runs need the password. */
export function isImportantJob(flag: string | null | undefined): boolean {
  return (flag ?? '').trim().toLowerCase() === 'true';
}

/**
 * DESIGN §6: the spec's client-side "operator password" as a server-side step-up check. A super_admin
 * sets it (kept as an argon2id hash in settings); run-immediately and run-step of an important job —
 * and protected deletes — must send it in the X-Action-Password header. Wrong tries are counted per
 * user (5 in 15 minutes, then 429), in memory on each node like sign-in throttling.
 */
export class ActionPasswordService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly clock: Clock,
  ) {
    this.throttle = new LoginThrottle(MAX_FAILURES, WINDOW_MS, clock);
  }

  async isSet(): Promise<boolean> {
    return (await this.settings.get(ACTION_PASSWORD_SETTING)) !== undefined;
  }

  async set(password: string, lang: Language): Promise<void> {
    if (password.length < ACTION_PASSWORD_MIN_LENGTH || password.length > ACTION_PASSWORD_MAX_LENGTH)
      throw new HttpError(
        400,
        message(lang, 'actionPasswordLength', {
          min: ACTION_PASSWORD_MIN_LENGTH,
          max: ACTION_PASSWORD_MAX_LENGTH,
        }),
      );
    await this.settings.set(ACTION_PASSWORD_SETTING, await hashPassword(password), this.clock.now());
  }

  /** Passes, or throws the spec's message: empty → 400, not set → 409, throttled → 429, wrong → 403. */
  async verify(username: string, supplied: string | string[] | undefined, lang: Language): Promise<void> {
    const password = Array.isArray(supplied) ? supplied[0] : supplied;
    if (!password) throw new HttpError(400, message(lang, 'actionPasswordRequired'));
    const hash = await this.settings.get(ACTION_PASSWORD_SETTING);
    if (!hash) throw new HttpError(409, message(lang, 'actionPasswordNotSet'));
    const keys = [`action:${username}`];
    const wait = this.throttle.retryAfter(keys);
    if (wait > 0)
      throw new HttpError(429, message(lang, 'tooManyAttempts', { minutes: Math.ceil(wait / 60_000) }));
    if (!(await verifyPassword(hash, password))) {
      this.throttle.recordFailure(keys);
      throw new HttpError(403, message(lang, 'actionPasswordWrong'));
    }
    this.throttle.recordSuccess(keys);
  }
}
