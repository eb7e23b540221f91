import { Type, type Static } from '@sinclair/typebox';
import { Password, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './users.js';

/**
 * What the step-up of protected actions (DESIGN §6) asks for: the signed-in user's own password by
 * default, or the separate action password once a super_admin has set one on the Settings screen.
 */
export const StepUpMode = Type.Union([Type.Literal('own_password'), Type.Literal('action_password')]);
export type StepUpMode = Static<typeof StepUpMode>;

/** `GET /v1/settings/action-password` (anyone signed in: the password prompts read it). */
export const ActionPasswordStatus = Type.Object({
  /** A super_admin has set a separate action password. */
  is_set: Type.Boolean(),
  step_up: StepUpMode,
});
export type ActionPasswordStatus = Static<typeof ActionPasswordStatus>;

/** The action password follows the rule of user passwords (LIS issue 31 point 10): the same bounds. */
export const ACTION_PASSWORD_MIN_LENGTH = PASSWORD_MIN_LENGTH;
export const ACTION_PASSWORD_MAX_LENGTH = PASSWORD_MAX_LENGTH;

/**
 * `PUT /v1/settings/action-password` (super_admin); `DELETE` clears it (back to the own password). The
 * password is the user passwords' own schema, so a weak one is refused with the same message.
 */
export const ActionPasswordWrite = Type.Object({ password: Password }, { additionalProperties: false });
export type ActionPasswordWrite = Static<typeof ActionPasswordWrite>;
