/**
 * The account forms' rules, built from the contract's (packages/shared/src/auth.ts) so the form and
 * the server judge a field alike. What only a form knows is added here: a new password typed twice,
 * and which fields an account must fill (the current password only when it has one).
 */
import { authMessages, changePasswordRequestSchema, loginRequestSchema } from '@store/shared/auth';
import type { z } from 'zod';

/** The contract's rule for a new password (length bounds and their messages). */
export const newPasswordRule = changePasswordRequestSchema.shape.newPassword;

/** A current password is checked by the server, never judged: required, like the login's. */
export const currentPasswordRule = loginRequestSchema.shape.password;

/** Marks the repeat when it differs from the new password: said once, by the second field. */
export function checkRepeat(password: string, repeat: string, context: z.RefinementCtx): void {
  if (password !== repeat) {
    context.addIssue({ code: 'custom', message: authMessages.passwordsDiffer, path: ['repeat'] });
  }
}
