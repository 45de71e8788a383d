import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Config } from '../../../config';
import type { Actor } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { spendPlatformAllowance, type Limit } from '../../limits';
import { TWO_STEP_CHALLENGE_MINUTES, TWO_STEP_MAX_ATTEMPTS, TWO_STEP_TEXT, TWO_STEP_WINDOW_MS, type RecoveryCodesResponse, type TwoStepSetup, type TwoStepStatus } from '../../../../shared/two-step';
import type { ClientMeta } from '../auth/service';
import { confirmCurrentPassword } from '../auth/reauthenticate';
import { openSecret, sealSecret } from './secret-box';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpQrSvg, totpStepOf, totpUri } from './totp';
import * as repo from './repo';

// Two-step sign-in (issue 26 item 3, OWASP ASVS 5.0 V6.5): after the right password an account that
// uses it gets no session, only a short challenge (a signed cookie); the session starts when a code from
// its authenticator app (or an unused recovery code) is entered. Codes are limited per account and a
// code's 30-second step is taken once, so a code seen over a shoulder cannot be replayed.

export interface TwoStepDeps {
  scopes: UnitOfWork;
  config: Config;
  /** The server's secret: seals TOTP secrets and signs challenges. */
  secret: string;
}

const own = (userId: string) => ({ tenantId: null, userId });
const ATTEMPTS: Limit = { bucket: 'two_step_code', max: TWO_STEP_MAX_ATTEMPTS, windowMs: TWO_STEP_WINDOW_MS, message: TWO_STEP_TEXT.tooMany };
const wrongCode = () => new AppError(400, 'wrong_code', TWO_STEP_TEXT.wrongCode, { code: TWO_STEP_TEXT.wrongCode });

// ---- The challenge between the password and the code ----

function challengeMac(secret: string, userId: string, expires: number): string {
  return createHmac('sha256', secret).update(`two-step\u0000${userId}\u0000${expires}`).digest('base64url');
}

/** The challenge cookie's value: the account and an expiry, signed. */
export function issueChallenge(secret: string, userId: string, now = Date.now()): string {
  const expires = now + TWO_STEP_CHALLENGE_MINUTES * 60_000;
  return `${userId}.${expires}.${challengeMac(secret, userId, expires)}`;
}

/** The account a challenge is for, or null when it is missing, forged or expired. */
export function readChallenge(secret: string, value: string | undefined, now = Date.now()): string | null {
  const m = value && value.length <= 200 ? /^([0-9a-f-]{36})\.(\d{10,15})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m) return null;
  const [, userId, expiresText, mac] = m;
  const expires = Number(expiresText);
  if (expires < now) return null;
  const want = Buffer.from(challengeMac(secret, userId, expires));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

// ---- Codes ----

/** Whether the account signs in in two steps. */
export async function usesTwoStep(deps: Pick<TwoStepDeps, 'scopes'>, userId: string): Promise<boolean> {
  const row = await deps.scopes.run(own(userId), ({ tx }) => repo.twoStepRow(tx, userId));
  return Boolean(row?.secret);
}

/**
 * Checks a code for the account's second step: a 6-digit code of its app (its step taken once), or an
 * unused recovery code (used up). Every attempt counts against the account's limit. 400 when wrong.
 */
export async function checkSecondStep(deps: TwoStepDeps, userId: string, code: string, now = Date.now()): Promise<void> {
  // One transaction: the attempt is counted (and commits) whether the code is right or not.
  const ok = await deps.scopes.run(own(userId), async ({ tx }) => {
    await spendPlatformAllowance(tx, ATTEMPTS, userId);
    const row = await repo.twoStepRow(tx, userId);
    const secret = row?.secret ? openSecret(deps.secret, row.secret) : null;
    if (!secret) return false;
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = totpStepOf(secret, digits, now);
      return step !== null && (await repo.takeStep(tx, userId, step));
    }
    return repo.useRecoveryCode(tx, userId, hashRecoveryCode(code));
  });
  if (!ok) throw wrongCode();
}

// ---- Account settings ----

export async function twoStepStatus(deps: TwoStepDeps, actor: Actor, requiredBy: string[]): Promise<TwoStepStatus> {
  return deps.scopes.run(own(actor.userId), async ({ tx }) => {
    const row = await repo.twoStepRow(tx, actor.userId);
    return {
      enabled: Boolean(row?.secret),
      enabled_at: row?.enabledAt?.toISOString() ?? null,
      recovery_codes_left: row?.secret ? await repo.recoveryCodesLeft(tx, actor.userId) : 0,
      required_by: requiredBy,
    };
  });
}

/** A new secret to scan; the account keeps signing in as before until a code from it is entered. */
export async function startSetup(deps: TwoStepDeps, actor: Actor, issuer: string): Promise<TwoStepSetup> {
  const secret = newTotpSecret();
  await deps.scopes.run(own(actor.userId), ({ tx }) => repo.setPendingSecret(tx, actor.userId, sealSecret(deps.secret, secret)));
  const uri = totpUri(secret, actor.email, issuer);
  return { secret, otpauth_uri: uri, qr_svg: await totpQrSvg(uri) };
}

async function freshRecoveryCodes(deps: TwoStepDeps, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await deps.scopes.run(own(userId), ({ tx }) => repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode)));
  return codes;
}

/** A code from the secret being set up turns two-step sign-in on; the recovery codes are shown once. */
export async function enableTwoStep(deps: TwoStepDeps, actor: Actor, code: string, now = Date.now()): Promise<RecoveryCodesResponse> {
  await deps.scopes.run({ tenantId: null, userId: null }, ({ tx }) => spendPlatformAllowance(tx, ATTEMPTS, actor.userId));
  const enabled = await deps.scopes.run(own(actor.userId), async ({ tx }) => {
    const row = await repo.twoStepRow(tx, actor.userId);
    const pending = row?.pending ? openSecret(deps.secret, row.pending) : null;
    if (!pending) throw new AppError(400, 'wrong_code', TWO_STEP_TEXT.notSetUp, { code: TWO_STEP_TEXT.notSetUp });
    const step = totpStepOf(pending, code.replace(/\s/g, ''), now);
    if (step === null) return false;
    await repo.enable(tx, actor.userId, row!.pending!, step);
    return true;
  });
  if (!enabled) throw wrongCode();
  return { recovery_codes: await freshRecoveryCodes(deps, actor.userId), message: TWO_STEP_TEXT.enabled };
}

/** Turns it off (the current password again); not while a store the person works in requires it. */
export async function disableTwoStep(deps: TwoStepDeps, actor: Actor, password: string, meta: ClientMeta, requiredBy: string[]): Promise<{ message: string }> {
  if (requiredBy.length > 0) throw new AppError(409, 'two_step_required', TWO_STEP_TEXT.cannotDisable(requiredBy[0]));
  await confirmCurrentPassword(deps, actor, password, meta);
  await deps.scopes.run(own(actor.userId), ({ tx }) => repo.disable(tx, actor.userId));
  return { message: TWO_STEP_TEXT.disabled };
}

/** New recovery codes (the old ones stop working), after the current password. */
export async function replaceRecoveryCodes(deps: TwoStepDeps, actor: Actor, password: string, meta: ClientMeta): Promise<RecoveryCodesResponse> {
  await confirmCurrentPassword(deps, actor, password, meta);
  if (!(await usesTwoStep(deps, actor.userId))) throw new AppError(409, 'two_step_required', 'Turn two-step sign-in on first.');
  return { recovery_codes: await freshRecoveryCodes(deps, actor.userId), message: 'New recovery codes made. The old ones no longer work.' };
}
