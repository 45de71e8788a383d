import type { Actor } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { verifyPassword, type AuthDeps, type ClientMeta } from './service';

const WRONG = 'Your current password is not right';

/**
 * The current password again before a change to how the account signs in (OWASP ASVS V7.5), under the
 * sign-in failure limits, so a stolen session cannot guess it freely. A wrong one is a field error of
 * the form (`current_password`), not "invalid credentials" of a sign-in.
 */
export async function confirmCurrentPassword(deps: AuthDeps, actor: Actor, password: string, meta: ClientMeta): Promise<void> {
  try {
    await verifyPassword(deps, { email: actor.email, password }, meta);
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_credentials') throw new AppError(400, 'wrong_password', WRONG, { current_password: WRONG });
    throw err;
  }
}
