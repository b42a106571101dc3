import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
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
import type { Tokens } from '../../plugins/auth/tokens.ts';
import type { Database, SqlQueryable } from '../../plugins/db/database.ts';
import type { PatientErasure } from '../../plugins/erasure.plugin.ts';
import type { Mailer } from '../../plugins/mailer.plugin.ts';
import type { HospitalService } from '../hospital/hospital.service.ts';
import type { LoginThrottle } from '../identity/identity.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import { patientRepository as repo } from './patient.repository.ts';
import { passwordResetMail } from './patient-mail.ts';

export interface PatientServiceDeps {
  db: Database;
  tokens: Pick<Tokens, 'issuePair' | 'rotate' | 'revokeAllOf'>;
  audit: Pick<Audit, 'record'>;
  mailer: Pick<Mailer, 'sendInBackground'>;
  erasure: Pick<PatientErasure, 'handlers'>;
  /** A password reset clears the id's failed logins (identity's throttle). */
  loginThrottle: Pick<LoginThrottle, 'forget'>;
  /** The hospital a patient chooses must exist. */
  hospitals: Pick<HospitalService, 'find'>;
  /** Consents are answered at the current version of each terms. */
  terms: Pick<TermsService, 'listCurrent'>;
  config: Pick<Config, 'deletionGraceDays'>;
  /** issue 13: height and weight kept as vital-sign Observations too, in the same transaction. */
  bodyMeasures?: {
    recordBodyMeasures(
      tx: SqlQueryable,
      patientIdx: number,
      measures: { heightCm: number | null; weightKg: number | null },
    ): Promise<unknown>;
  };
}

const RESET_CODE_TTL_S = 10 * 60;
const RESET_CODE_MAX_ATTEMPTS = 5;

const badCredentials = () => new DomainError('BAD_CREDENTIALS');
const hashResetCode = (patientIdx: number, code: string) =>
  createHash('sha256').update(`${patientIdx}:${code}`).digest();

export function createPatientService(deps: PatientServiceDeps) {
  const { db, tokens, audit, mailer, erasure, config, loginThrottle, hospitals, terms } = deps;
  const asPatient = (idx: number) => ({ actorType: 'patient' as const, actorIdx: idx, patientIdx: idx });

  /**
   * The answers to store, with the rule that ties the two advertising consents: night
   * advertising needs advertising (domain.md), so withdrawing MARKETING withdraws
   * MARKETING_NIGHT too, and agreeing to MARKETING_NIGHT alone is refused (`nightField`).
   */
  async function marketingAnswers(
    idx: number,
    asked: UpdateConsentsBody['consents'],
    nightField: string,
  ): Promise<UpdateConsentsBody['consents']> {
    const answers = [...asked];
    const marketing = answers.find((a) => a.termsCode === 'MARKETING');
    const night = answers.find((a) => a.termsCode === 'MARKETING_NIGHT');
    if (marketing?.agreed === false) {
      if (night) night.agreed = false;
      else answers.push({ termsCode: 'MARKETING_NIGHT', agreed: false });
    }
    if (night?.agreed && !marketing) {
      const agreed = (await repo.listConsents(db, idx)).some((c) => c.termsCode === 'MARKETING' && c.agreed);
      if (!agreed) throw new FieldValidationError([{ field: nightField, message: 'invalid' }]);
    }
    return answers;
  }

  /**
   * Stores answers at the current version of each terms, with the time; the audit entry
   * is the caller's (one entry per call: the alarm settings name the answers in theirs).
   */
  async function writeConsents(
    idx: number,
    answers: UpdateConsentsBody['consents'],
    tx: SqlQueryable,
  ): Promise<string[]> {
    const current = new Map((await terms.listCurrent(tx)).map((t) => [t.termsCode, t]));
    const missing = answers.find((a) => !current.has(a.termsCode));
    // Advertising cannot be switched on without the terms the patient would agree to.
    if (missing) throw new FieldValidationError([{ field: 'consents', message: 'invalid' }]);
    for (const answer of answers)
      await repo.answerConsent(
        tx,
        idx,
        answer.termsCode,
        current.get(answer.termsCode)!.version,
        answer.agreed,
      );
    return answers.map((a) => `${a.termsCode}:${a.agreed}`);
  }

  /** An access token outlives nothing: a deleted account is logged out at once. */
  async function profileOf(idx: number): Promise<PatientProfile> {
    const profile = await repo.findProfile(db, idx);
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
    await repo.eraseAndAnonymise(tx, patientIdx);
    await tokens.revokeAllOf('patient', patientIdx, tx);
    await audit.record({ ...actor, action: 'patient.delete', patientIdx, detail: { how } }, tx);
  }

  return {
    /** The account's login id and password hash, for identity (login, refresh). */
    credentialsByLoginId(loginId: string) {
      return repo.findCredentialsByLoginId(db, loginId);
    },

    credentialsByIdx(idx: number) {
      return repo.findCredentialsByIdx(db, idx);
    },

    async getPatient(idx: number): Promise<PatientProfile> {
      const profile = await profileOf(idx);
      await audit.record({ ...asPatient(idx), action: 'patient.read', detail: { part: 'profile' } });
      return profile;
    },

    async getMyData(idx: number): Promise<MyData> {
      const profile = await profileOf(idx);
      const [bodyInfo, alarmSettings, consents] = [
        await repo.findBodyInfo(db, idx),
        await repo.findAlarmSettings(db, idx),
        await repo.listConsents(db, idx),
      ];
      await audit.record({ ...asPatient(idx), action: 'patient.read', detail: { part: 'myData' } });
      return { profile, bodyInfo, alarmSettings, consents };
    },

    async updateMyData(idx: number, changes: UpdateMyDataBody): Promise<PatientProfile> {
      await profileOf(idx);
      if (changes.choseHospitalIdx !== undefined && !(await hospitals.find(changes.choseHospitalIdx))) {
        throw notFound('hospital');
      }
      await db.transaction(async (tx) => {
        const fields = await repo.updateProfile(tx, idx, changes);
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
        const fields = await repo.upsertBodyInfo(tx, idx, changes);
        await audit.record(
          { ...asPatient(idx), action: 'patient.update', detail: { part: 'bodyInfo', fields } },
          tx,
        );
        const saved = await repo.findBodyInfo(tx, idx);
        await deps.bodyMeasures?.recordBodyMeasures(tx, idx, saved);
        return saved;
      });
    },

    async updateFcmToken(idx: number, body: UpdateFcmTokenBody): Promise<void> {
      await profileOf(idx);
      await db.transaction(async (tx) => {
        await repo.upsertPushToken(tx, idx, body.fcmToken, body.platform ?? 'unknown');
        await audit.record(
          { ...asPatient(idx), action: 'patient.update', detail: { part: 'pushToken' } },
          tx,
        );
      });
    },

    /** The advertising switches are the marketing consents: switching one answers the other. */
    async alarmUpdate(idx: number, changes: AlarmUpdateBody): Promise<AlarmSettings> {
      await profileOf(idx);
      const { marketing, marketingNight, ...switches } = changes;
      const asked: UpdateConsentsBody['consents'] = [];
      if (marketing !== undefined) asked.push({ termsCode: 'MARKETING', agreed: marketing });
      if (marketingNight !== undefined) asked.push({ termsCode: 'MARKETING_NIGHT', agreed: marketingNight });
      const answers = asked.length > 0 ? await marketingAnswers(idx, asked, 'marketingNight') : [];
      return db.transaction(async (tx) => {
        const consentAnswers = answers.length > 0 ? await writeConsents(idx, answers, tx) : [];
        const fields = await repo.updateAlarmSettings(tx, idx, switches);
        if (marketing !== undefined) fields.push('marketing');
        if (marketingNight !== undefined) fields.push('marketingNight');
        const detail = {
          part: 'alarmSettings',
          fields,
          ...(answers.length > 0 ? { answers: consentAnswers } : {}),
        };
        await audit.record({ ...asPatient(idx), action: 'patient.update', detail }, tx);
        return repo.findAlarmSettings(tx, idx);
      });
    },

    async getConsents(idx: number): Promise<Consent[]> {
      await profileOf(idx);
      const consents = await repo.listConsents(db, idx);
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
      const nightAt = body.consents.findIndex((a) => a.termsCode === 'MARKETING_NIGHT');
      const answers = await marketingAnswers(idx, body.consents, `consents.${nightAt}.agreed`);
      return db.transaction(async (tx) => {
        const written = await writeConsents(idx, answers, tx);
        await audit.record({ ...asPatient(idx), action: 'consent.update', detail: { answers: written } }, tx);
        return repo.listConsents(tx, idx);
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
        const request = await repo.insertDeletionRequest(tx, idx, config.deletionGraceDays, reason ?? null);
        if (request) await audit.record({ ...asPatient(idx), action: 'patient.deleteRequest' }, tx);
        return request;
      });
      if (created) return asResponse(created);
      const pending = await repo.findDeletionRequest(db, idx);
      throw new DomainError('ACCOUNT_DELETION_PENDING', pending ? asResponse(pending) : null);
    },

    async cancelDeletion(idx: number): Promise<void> {
      await profileOf(idx);
      await db.transaction(async (tx) => {
        if (!(await repo.deleteDeletionRequest(tx, idx))) throw notFound('deletion request');
        await audit.record({ ...asPatient(idx), action: 'patient.cancelDeleteRequest' }, tx);
      });
    },

    /** Immediate deletion, confirmed with the password. */
    async deleteNow(idx: number, password: string): Promise<void> {
      const account = await repo.findCredentialsByIdx(db, idx);
      if (!account) throw notLoggedIn();
      if (!(await verifyPassword(account.passwordHash, password))) throw badCredentials();
      await db.transaction((tx) => erase(tx, idx, { actorType: 'patient', actorIdx: idx }, 'immediate'));
    },

    /** One pass of the deletion job: carries out due requests in small locked batches. */
    async carryOutDueDeletions(batchSize = 20): Promise<number> {
      let total = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const due = await repo.lockDueDeletionRequests(tx, batchSize);
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
      if (await repo.loginIdTaken(db, body.loginId)) throw conflict('loginId');
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) => {
          const created = await repo.insert(tx, {
            loginId: body.loginId,
            passwordHash,
            name: body.name,
            email: body.email,
            areas: [body.area],
          });
          for (const item of current)
            await repo.answerConsent(
              tx,
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
      const account = await repo.findCredentialsByLoginId(db, loginId);
      if (!account?.email || account.email.toLowerCase() !== email.toLowerCase()) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        await repo.insertResetCode(
          tx,
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

    /**
     * An unknown id walks the same path as a known one without a live code (the new
     * password hashed, the code looked up and compared), so the answer's time does not tell
     * whether an account exists (issue 10 point 17: it answered in 1.8 ms against 11.4 ms).
     */
    async resetPassword(loginId: string, code: string, newPassword: string): Promise<void> {
      const account = await repo.findCredentialsByLoginId(db, loginId);
      // No patient has idx 0: an unknown id looks up (and finds) no code.
      const patientIdx = account?.idx ?? 0;
      const passwordHash = await hashPassword(newPassword);
      const outcome = await db.transaction(async (tx) => {
        const live = await repo.findLiveResetCode(tx, patientIdx);
        const given = hashResetCode(patientIdx, code);
        if (!account || !live || live.attempts >= RESET_CODE_MAX_ATTEMPTS) return 'invalid';
        const expected = Buffer.from(live.codeHash, 'hex');
        if (!timingSafeEqual(expected, given)) {
          await repo.countResetAttempt(tx, live.idx);
          return 'invalid';
        }
        await repo.useResetCode(tx, live.idx);
        await repo.setPasswordHash(tx, account.idx, passwordHash);
        // The owner proved who they are: earlier wrong guesses no longer count against them.
        await loginThrottle.forget('patient', account.loginId, tx);
        // A new password ends every existing login.
        await tokens.revokeAllOf('patient', account.idx, tx);
        await audit.record({ ...asPatient(account.idx), action: 'patient.passwordReset' }, tx);
        return 'done';
      });
      if (outcome === 'invalid') throw new DomainError('VERIFICATION_CODE_INVALID');
    },

    // issue 12 — Kakao login (decision 016)
    /**
     * A patient who signs up with Kakao: no password (no password login until one is set
     * with the reset by e-mail), a generated login id no one can type at sign-up, the
     * terms answered as at sign-up, no hospital yet (the app asks next). `link` runs in the same
     * transaction, so an account never exists without the Kakao account that made it.
     */
    async createWithoutPassword(
      account: {
        name: string;
        email: string | null;
        area: 'HOSPITAL' | 'HOMECARE';
        agreedTermsCodes: readonly string[];
      },
      link: (tx: SqlQueryable, patientIdx: number) => Promise<void>,
    ): Promise<{ idx: number; loginId: string }> {
      // The sign-up's rule: every required terms agreed to, each answer at its current version.
      const current = await terms.listCurrent();
      const agreed = new Set(account.agreedTermsCodes);
      if (current.some((item) => item.required && !agreed.has(item.termsCode)))
        throw new FieldValidationError([{ field: 'agreedTermsCodes', message: 'required' }]);
      return db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          // The sign-up's rule (LOGIN_ID_PATTERN) has no '#': this id can never be taken there.
          loginId: `kakao#${randomBytes(9).toString('base64url')}`,
          passwordHash: null,
          name: account.name,
          email: account.email,
          areas: [account.area],
        });
        for (const item of current)
          await repo.answerConsent(tx, created.idx, item.termsCode, item.version, agreed.has(item.termsCode));
        await link(tx, created.idx);
        await audit.record(
          { ...asPatient(created.idx), action: 'patient.signUp', detail: { via: 'kakao' } },
          tx,
        );
        return created;
      });
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;
