import { ORIGINAL_PASSWORD_INCORRECT_MESSAGE } from '@tend/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { endSession } from '@/lib/session';
import { updateUser } from '@/lib/users';

/** `POST /api/validate-user`: true when the password is the signed-in user's. */
export async function validatePassword(email: string, password: string): Promise<boolean> {
  try {
    const body = await api<{ id?: number }>('/api/validate-user', { method: 'POST', body: { email, password } });
    return typeof body?.id === 'number';
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return false;
    throw error;
  }
}

export type ChangePasswordStep = 'validate' | 'update' | 'logout';

/** A failure with the step it happened in, so the screen can pick the spec's message. */
export class ChangePasswordError extends Error {
  constructor(
    readonly step: ChangePasswordStep,
    override readonly cause: unknown,
  ) {
    super(`Password change failed at ${step}.`);
    this.name = 'ChangePasswordError';
  }
}

export class WrongPasswordError extends Error {
  constructor() {
    super(ORIGINAL_PASSWORD_INCORRECT_MESSAGE);
    this.name = 'WrongPasswordError';
  }
}

/**
 * Spec: validate the original password, save the new one (which ends every other session), then
 * log out so the user signs in again with the new password. The caller navigates to
 * /password-updated, which calls `finishLogout` once it is on screen, so the route gate does not
 * bounce through the landing page.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: { userId: number; email: string; currentPassword: string; newPassword: string }) => {
      let valid: boolean;
      try {
        valid = await validatePassword(input.email, input.currentPassword);
      } catch (error) {
        throw new ChangePasswordError('validate', error);
      }
      if (!valid) throw new WrongPasswordError();
      try {
        await updateUser(input.userId, { password: input.newPassword, current_password: input.currentPassword });
      } catch (error) {
        throw new ChangePasswordError('update', error);
      }
      try {
        await endSession();
      } catch (error) {
        throw new ChangePasswordError('logout', error);
      }
    },
  });
}
