import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { TokenPair } from '@smartcare/contract/auth';
import type {
  AlarmSettings,
  AlarmUpdateBody,
  BodyInfo,
  DeletionRequest,
  MyData,
  PatientProfile,
  SignUpBody,
  UpdateBodyInfoBody,
  UpdateFcmTokenBody,
  UpdateMyDataBody,
} from '@smartcare/contract/patient';
import type { Consent, UpdateConsentsBody } from '@smartcare/contract/terms';
import type { Config } from '../../config.ts';
import { conflict, DomainError, FieldValidationError, notFound, notLoggedIn } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import { attemptLogin } from '../../plugins/auth/login-attempt.ts';
import { createLoginFailuresRepository } from '../../plugins/auth/login-failures.repository.ts';
import type { Tokens } from '../../plugins/auth/tokens.ts';
import type { Database, SqlQueryable } from '../../plugins/db/database.ts';
import type { PatientErasure } from '../../plugins/erasure.plugin.ts';
import type { Mailer } from '../../plugins/mailer.plugin.ts';
import { createHospitalRepository } from '../hospital/hospital.repository.ts';
import { createTermsRepository } from '../terms/terms.repository.ts';
import { createPatientRepository } from './patient.repository.ts';
import { passwordResetMail } from './patient-mail.ts';

export interface PatientServiceDeps {
  db: Database;
  tokens: Pick<Tokens, 'issuePair' | 'rotate' | 'revokeAllOf'>;
  audit: Pick<Audit, 'record'>;
  mailer: Pick<Mailer, 'sendInBackground'>;
  erasure: Pick<PatientErasure, 'handlers'>;
  config: Pick<Config, 'loginLockThreshold' | 'loginLockSeconds' | 'deletionGraceDays'>;
}

const RESET_CODE_TTL_S = 10 * 60;
const RESET_CODE_MAX_ATTEMPTS = 5;

const badCredentials = () => new DomainError('BAD_CREDENTIALS');
const hashResetCode = (patientIdx: number, code: string) =>
  createHash('sha256').update(`${patientIdx}:${code}`).digest();

export function createPatientService(deps: PatientServiceDeps) {
  const { db, tokens, audit, mailer, erasure, config } = deps;
  const patients = createPatientRepository(db);
  const hospitals = createHospitalRepository(db);
  const terms = createTermsRepository(db);
  const loginFailures = createLoginFailuresRepository(db);
  const asPatient = (idx: number) => ({ actorType: 'patient' as const, actorIdx: idx, patientIdx: idx });

  /** An access token outlives nothing: a deleted account is logged out at once. */
  async function profileOf(idx: number): Promise<PatientProfile> {
    const profile = await patients.findProfile(idx);
    if (!profile) throw notLoggedIn();
    return profile;
  }

  async function erase(
    tx: SqlQueryable,
    patientIdx: number,
    actor: { actorType: 'patient' | 'system'; actorIdx: number | null },
    how: string,
  ) {
    for (const { handler } of erasure.handlers()) await handler(tx, patientIdx);
    await createPatientRepository(tx).eraseAndAnonymise(patientIdx);
    await tokens.revokeAllOf('patient', patientIdx, tx);
    await audit.record({ ...actor, action: 'patient.delete', patientIdx, detail: { how } }, tx);
  }

  return {
    /**
     * Spec §7 login / iosLogin. Per-login-id lockout here, counted whether or not an account
     * has the id, so a made-up id answers and locks exactly like a real one (decision 008);
     * per-address limits on the route.
     */
    async login(loginId: string, password: string): Promise<TokenPair> {
      const account = await attemptLogin({
        principal: 'patient',
        loginId,
        password,
        failures: loginFailures,
        config,
        findAccount: (id) => patients.findCredentialsByLoginId(id),
        onWrongPassword: (known) =>
          audit.record({
            ...asPatient(known.idx),
            actorType: 'system',
            actorIdx: null,
            action: 'patient.loginFailed',
          }),
      });
      await audit.record({ ...asPatient(account.idx), action: 'patient.login' });
      return tokens.issuePair({ principal: 'patient', idx: account.idx, loginId: account.loginId });
    },

    /** One pass of the pruning job: failure counts past their window, on known and unknown ids alike. */
    pruneLoginFailures(): Promise<number> {
      return loginFailures.pruneStale(config.loginLockSeconds);
    },

    refresh(headers: {
      accessToken: string | undefined;
      refreshToken: string | undefined;
    }): Promise<TokenPair> {
      return tokens.rotate('patient', headers, async (idx) => {
        const account = await patients.findCredentialsByIdx(idx);
        return account ? { principal: 'patient', idx, loginId: account.loginId } : null;
      });
    },

    async getPatient(idx: number): Promise<PatientProfile> {
      const profile = await profileOf(idx);
      await audit.record({ ...asPatient(idx), action: 'patient.read', detail: { part: 'profile' } });
      return profile;
    },

    async getMyData(idx: number): Promise<MyData> {
      const profile = await profileOf(idx);
      const [bodyInfo, alarmSettings, consents] = [
        await patients.findBodyInfo(idx),
        await patients.findAlarmSettings(idx),
        await patients.listConsents(idx),
      ];
      await audit.record({ ...asPatient(idx), action: 'patient.read', detail: { part: 'myData' } });
      return { profile, bodyInfo, alarmSettings, consents };
    },

    async updateMyData(idx: number, changes: UpdateMyDataBody): Promise<PatientProfile> {
      await profileOf(idx);
      if (changes.choseHospitalIdx !== undefined && !(await hospitals.findByIdx(changes.choseHospitalIdx))) {
        throw notFound('hospital');
      }
      await db.transaction(async (tx) => {
        const fields = await createPatientRepository(tx).updateProfile(idx, changes);
        await audit.record(
          { ...asPatient(idx), action: 'patient.update', detail: { part: 'profile', fields } },
          tx,
        );
      });
      return profileOf(idx);
    },

    async updateBodyInfo(idx: number, changes: UpdateBodyInfoBody): Promise<BodyInfo> {
      await profileOf(idx);
      return db.transaction(async (tx) => {
        const repository = createPatientRepository(tx);
        const fields = await repository.upsertBodyInfo(idx, changes);
        await audit.record(
          { ...asPatient(idx), action: 'patient.update', detail: { part: 'bodyInfo', fields } },
          tx,
        );
        return repository.findBodyInfo(idx);
      });
    },

    async updateFcmToken(idx: number, body: UpdateFcmTokenBody): Promise<void> {
      await profileOf(idx);
      await db.transaction(async (tx) => {
        await createPatientRepository(tx).upsertPushToken(idx, body.fcmToken, body.platform ?? 'unknown');
        await audit.record(
          { ...asPatient(idx), action: 'patient.update', detail: { part: 'pushToken' } },
          tx,
        );
      });
    },

    async alarmUpdate(idx: number, changes: AlarmUpdateBody): Promise<AlarmSettings> {
      await profileOf(idx);
      return db.transaction(async (tx) => {
        const repository = createPatientRepository(tx);
        const fields = await repository.updateAlarmSettings(idx, changes);
        await audit.record(
          { ...asPatient(idx), action: 'patient.update', detail: { part: 'alarmSettings', fields } },
          tx,
        );
        return repository.findAlarmSettings(idx);
      });
    },

    async getConsents(idx: number): Promise<Consent[]> {
      await profileOf(idx);
      const consents = await patients.listConsents(idx);
      await audit.record({ ...asPatient(idx), action: 'patient.read', detail: { part: 'consents' } });
      return consents;
    },

    /** Required consents are withdrawn only by deleting the account (terms.ts). */
    async updateConsents(idx: number, body: UpdateConsentsBody): Promise<Consent[]> {
      await profileOf(idx);
      const current = new Map((await terms.listCurrent()).map((item) => [item.termsCode, item]));
      const problems = body.consents.flatMap((answer, i) => {
        const item = current.get(answer.termsCode);
        if (!item) return [{ field: `consents.${i}.termsCode`, message: 'invalid' as const }];
        if (item.required && !answer.agreed)
          return [{ field: `consents.${i}.agreed`, message: 'invalid' as const }];
        return [];
      });
      if (problems.length > 0) throw new FieldValidationError(problems);
      return db.transaction(async (tx) => {
        const repository = createPatientRepository(tx);
        for (const answer of body.consents) {
          await repository.answerConsent(
            idx,
            answer.termsCode,
            current.get(answer.termsCode)!.version,
            answer.agreed,
          );
        }
        await audit.record(
          {
            ...asPatient(idx),
            action: 'consent.update',
            detail: { answers: body.consents.map((a) => `${a.termsCode}:${a.agreed}`) },
          },
          tx,
        );
        return repository.listConsents(idx);
      });
    },

    /**
     * A second request while one is pending changes nothing and says so, with the pending
     * request, instead of quietly answering success (the grace period never restarts).
     */
    async requestDeletion(idx: number, reason: string | undefined): Promise<DeletionRequest> {
      await profileOf(idx);
      const asResponse = (request: { requestedAt: Date; dueAt: Date }): DeletionRequest => ({
        requestedAt: request.requestedAt.toISOString(),
        dueAt: request.dueAt.toISOString(),
      });
      const created = await db.transaction(async (tx) => {
        const request = await createPatientRepository(tx).insertDeletionRequest(
          idx,
          config.deletionGraceDays,
          reason ?? null,
        );
        if (request) await audit.record({ ...asPatient(idx), action: 'patient.deleteRequest' }, tx);
        return request;
      });
      if (created) return asResponse(created);
      const pending = await patients.findDeletionRequest(idx);
      throw new DomainError('ACCOUNT_DELETION_PENDING', pending ? asResponse(pending) : null);
    },

    async cancelDeletion(idx: number): Promise<void> {
      await profileOf(idx);
      await db.transaction(async (tx) => {
        if (!(await createPatientRepository(tx).deleteDeletionRequest(idx)))
          throw notFound('deletion request');
        await audit.record({ ...asPatient(idx), action: 'patient.cancelDeleteRequest' }, tx);
      });
    },

    /** Immediate deletion, confirmed with the password. */
    async deleteNow(idx: number, password: string): Promise<void> {
      const account = await patients.findCredentialsByIdx(idx);
      if (!account) throw notLoggedIn();
      if (!(await verifyPassword(account.passwordHash, password))) throw badCredentials();
      await db.transaction((tx) => erase(tx, idx, { actorType: 'patient', actorIdx: idx }, 'immediate'));
    },

    /** One pass of the deletion job: carries out due requests in small locked batches. */
    async carryOutDueDeletions(batchSize = 20): Promise<number> {
      let total = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const due = await createPatientRepository(tx).lockDueDeletionRequests(batchSize);
          for (const patientIdx of due)
            await erase(tx, patientIdx, { actorType: 'system', actorIdx: null }, 'afterGracePeriod');
          return due.length;
        });
        total += done;
        if (done < batchSize) return total;
      }
    },

    async signUp(body: SignUpBody): Promise<{ idx: number; loginId: string }> {
      const current = await terms.listCurrent();
      const agreed = new Set(body.agreedTermsCodes);
      const missing = current.filter((item) => item.required && !agreed.has(item.termsCode));
      if (missing.length > 0)
        throw new FieldValidationError([{ field: 'agreedTermsCodes', message: 'required' }]);
      if (await patients.loginIdTaken(body.loginId)) throw conflict('loginId');
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) => {
          const repository = createPatientRepository(tx);
          const created = await repository.insert({
            loginId: body.loginId,
            passwordHash,
            name: body.name,
            email: body.email,
            areas: [body.area],
          });
          for (const item of current)
            await repository.answerConsent(
              created.idx,
              item.termsCode,
              item.version,
              agreed.has(item.termsCode),
            );
          await audit.record({ ...asPatient(created.idx), action: 'patient.signUp' }, tx);
          return created;
        });
      } catch (error) {
        // Two sign-ups racing for one login id: the unique index decides.
        if ((error as { code?: string }).code === '23505') throw conflict('loginId');
        throw error;
      }
    },

    /**
     * Always succeeds, whether or not the account exists, so it cannot be used to find
     * accounts. The e-mail leaves after the answer: a slow or dead mail server shows in the
     * log, never in the answer or its timing.
     */
    async requestPasswordReset(loginId: string, email: string): Promise<void> {
      const account = await patients.findCredentialsByLoginId(loginId);
      if (!account?.email || account.email.toLowerCase() !== email.toLowerCase()) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        await createPatientRepository(tx).insertResetCode(
          account.idx,
          hashResetCode(account.idx, code).toString('hex'),
          RESET_CODE_TTL_S,
        );
        await audit.record(
          {
            ...asPatient(account.idx),
            actorType: 'system',
            actorIdx: null,
            action: 'patient.passwordResetRequested',
          },
          tx,
        );
      });
      mailer.sendInBackground(passwordResetMail(account.email, code, RESET_CODE_TTL_S / 60), {
        loginId,
        code,
      });
    },

    async resetPassword(loginId: string, code: string, newPassword: string): Promise<void> {
      const account = await patients.findCredentialsByLoginId(loginId);
      if (!account) throw new DomainError('VERIFICATION_CODE_INVALID');
      const passwordHash = await hashPassword(newPassword);
      const outcome = await db.transaction(async (tx) => {
        const repository = createPatientRepository(tx);
        const live = await repository.findLiveResetCode(account.idx);
        if (!live || live.attempts >= RESET_CODE_MAX_ATTEMPTS) return 'invalid';
        const expected = Buffer.from(live.codeHash, 'hex');
        if (!timingSafeEqual(expected, hashResetCode(account.idx, code))) {
          await repository.countResetAttempt(live.idx);
          return 'invalid';
        }
        await repository.useResetCode(live.idx);
        await repository.setPasswordHash(account.idx, passwordHash);
        // The owner proved who they are: earlier wrong guesses no longer count against them.
        await createLoginFailuresRepository(tx).clear('patient', account.loginId);
        // A new password ends every existing login.
        await tokens.revokeAllOf('patient', account.idx, tx);
        await audit.record({ ...asPatient(account.idx), action: 'patient.passwordReset' }, tx);
        return 'done';
      });
      if (outcome === 'invalid') throw new DomainError('VERIFICATION_CODE_INVALID');
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;
