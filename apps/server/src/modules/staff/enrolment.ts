/**
 * Setting up and removing two-factor sign-in (issue 21). Setup stores a new sealed secret that is
 * not active until a code from it is confirmed: a member who abandons the QR code keeps signing in
 * as before. Confirming turns it on, remembers the step used, and gives ten recovery codes.
 */
import { staffMessages, TWO_FACTOR_REQUIRED } from '@store/shared/staff';
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { verifyLogin } from '#src/modules/admins/passwords';
import { admins } from '#src/modules/admins/tables';
import { type AuditActor, recordAudit } from './audit';
import { clearRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import type { StaffRow } from './staff-sessions';
import { matchingStep, newTotpKey, openTotpKey, sealTotpKey, type TotpSealKey, totpKeyText, totpUri } from './totp';

export type TotpSetup = { secret: string; otpauthUrl: string; qrSvg: string };

export async function startTotpSetup(
  db: Database,
  sealKey: TotpSealKey,
  { staff, issuer }: { staff: StaffRow; issuer: string },
): Promise<TotpSetup> {
  if (staff.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already set up for you.');
  const key = newTotpKey();
  // Only while not enabled: a setup racing a confirmation never replaces an active secret.
  await db
    .update(admins)
    .set({ totpSecret: sealTotpKey(sealKey, key), totpLastStep: null })
    .where(and(eq(admins.id, staff.id), isNull(admins.totpEnabledAt)));
  const otpauthUrl = totpUri(issuer, staff.username, key);
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: totpKeyText(key), otpauthUrl, qrSvg };
}

/** Turns two-factor on with the first good code; answers the recovery codes (shown once). */
export async function confirmTotp(
  db: Database,
  sealKey: TotpSealKey,
  { staff, code, actor }: { staff: StaffRow; code: string; actor: AuditActor },
): Promise<string[]> {
  if (staff.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already set up for you.');
  if (!staff.totpSecret) throw new AppError('conflict', 'Start the setup first: no QR code was made for you yet.');
  const step = matchingStep(openTotpKey(sealKey, staff.totpSecret), code, null);
  if (step === undefined) {
    throw new AppError('validation_error', staffMessages.invalidCode, { fields: { code: staffMessages.invalidCode } });
  }
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(admins)
      .set({ totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(admins.id, staff.id), isNull(admins.totpEnabledAt), eq(admins.totpSecret, staff.totpSecret ?? '')))
      .returning({ id: admins.id });
    if (enabled.length === 0) throw new AppError('conflict', 'Two-factor sign-in changed meanwhile; start again.');
    const codes = await replaceRecoveryCodes(tx, staff.id);
    await recordAudit(tx, {
      actor,
      action: 'staff.totp.enable',
      targetType: 'staff',
      targetId: staff.id,
      after: { totpEnabled: true },
    });
    return codes;
  });
}

/** A member whose role does not require it may turn two-factor off, confirming with their password. */
export async function disableTotp(
  db: Database,
  { staff, password, actor }: { staff: StaffRow; password: string; actor: AuditActor },
): Promise<void> {
  if (TWO_FACTOR_REQUIRED.includes(staff.role)) {
    throw new AppError('forbidden', 'Owners and treasurers must keep two-factor sign-in.');
  }
  if (!(await verifyLogin(staff.passwordHash, password))) {
    throw new AppError('validation_error', 'password: that is not your password', {
      fields: { password: 'Not your password' },
    });
  }
  await db.transaction(async (tx) => {
    await clearTotp(tx, staff.id);
    await recordAudit(tx, {
      actor,
      action: 'staff.totp.disable',
      targetType: 'staff',
      targetId: staff.id,
      before: { totpEnabled: true },
      after: { totpEnabled: false },
    });
  });
}

/** Forgets a member's two-factor (their own choice, or an owner's reset for a lost phone). */
export async function clearTotp(db: Pick<Database, 'update' | 'delete' | 'insert'>, staffId: string): Promise<void> {
  await db
    .update(admins)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(admins.id, staffId));
  await clearRecoveryCodes(db, staffId);
}
