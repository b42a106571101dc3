import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenPair } from '@smartcare/contract/auth';
import type {
  KakaoArea,
  KakaoConfig,
  KakaoLinkBody,
  KakaoLinkStatus,
  KakaoLoginBody,
  KakaoLoginResult,
  KakaoSignUpBody,
  KakaoUnlinkCallbackBody,
} from '@smartcare/contract/kakao';
import type { KakaoSettings } from '../../config.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/database.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { PatientService } from '../patient/patient.service.ts';
import type { KakaoClient } from './kakao-client.ts';
import { createKakaoLoginRepository } from './kakao-login.repository.ts';

/** A started login must come back within this time (Kakao's own pages included). */
export const KAKAO_STATE_TTL_S = 10 * 60;
/** Time to decide between linking and a new account after Kakao said who it is. */
export const KAKAO_TICKET_TTL_S = 15 * 60;

export interface KakaoLoginServiceDeps {
  db: Database;
  /** Null: Kakao login is not configured; every call but `getConfig` refuses. */
  settings: KakaoSettings | null;
  client: KakaoClient | null;
  identity: Pick<IdentityService, 'provePatientPassword' | 'patientLoginVia'>;
  accounts: Pick<PatientService, 'credentialsByIdx' | 'createWithoutPassword'>;
  audit: Pick<Audit, 'record'>;
  log: { warn(object: object, message: string): void };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const stateInvalid = () => new DomainError('KAKAO_STATE_INVALID');
const ticketInvalid = () => new DomainError('KAKAO_TICKET_INVALID');
const careArea = (area: KakaoArea) => (area === 'homecare' ? 'HOMECARE' : 'HOSPITAL');

/** Both hashes are hex of the same length; compared in constant time all the same. */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Kakao Login (issue 12, decision 016). The browser is bound by an HttpOnly cookie whose
 * value (`browser`) only its hash is stored against: a `state` or `ticket` works once, in
 * the browser that started it, before it expires. The code is exchanged here; the client
 * secret, the admin key and Kakao's tokens never reach the app.
 */
export function createKakaoLoginService(deps: KakaoLoginServiceDeps) {
  const { db, settings, client, identity, accounts, audit, log } = deps;
  const repository = createKakaoLoginRepository(db);
  const asPatient = (idx: number) => ({ actorType: 'patient' as const, actorIdx: idx, patientIdx: idx });

  function configured(): { settings: KakaoSettings; client: KakaoClient } {
    if (!settings || !client) throw new DomainError('KAKAO_NOT_CONFIGURED');
    return { settings, client };
  }

  async function loginAs(patientIdx: number): Promise<TokenPair> {
    const account = await accounts.credentialsByIdx(patientIdx);
    // A link of a deleted account is erased with it; this is the moment between the two.
    if (!account) throw ticketInvalid();
    return identity.patientLoginVia(account, 'kakao');
  }

  /** The pending account of a ticket, in the browser that received it. */
  async function pendingOf(ticket: string, browser: string | null) {
    configured();
    const pending = browser ? await repository.findPending(sha256(ticket)) : null;
    if (!pending || !browser || !sameHash(pending.browserHash, sha256(browser))) throw ticketInvalid();
    return pending;
  }

  async function linkStatus(patientIdx: number): Promise<KakaoLinkStatus> {
    const [link, account] = await Promise.all([
      repository.linkOf(patientIdx),
      accounts.credentialsByIdx(patientIdx),
    ]);
    return {
      linked: link !== null,
      linkedAt: link ? link.linkedAt.toISOString() : null,
      hasPassword: Boolean(account?.passwordHash),
    };
  }

  return {
    getConfig(): KakaoConfig {
      return { enabled: settings !== null };
    },

    /**
     * Where to send the browser: Kakao's authorize page with a fresh single-use `state`
     * bound to this browser. `origin` is the request's own when no redirect origin is configured.
     */
    async start(area: KakaoArea, browser: string, origin: string): Promise<{ authorizeUrl: string }> {
      const { settings } = configured();
      const state = randomBytes(32).toString('base64url');
      const redirectUri = `${settings.redirectOrigin ?? origin}/${area}/loginreceive/kakao`;
      await repository.insertState(sha256(state), sha256(browser), area, redirectUri, KAKAO_STATE_TTL_S);
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('client_id', settings.restApiKey);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('state', state);
      return { authorizeUrl: url.toString() };
    },

    /** The callback's code and state: a linked Kakao account logs in, an unknown one gets a ticket. */
    async login(body: KakaoLoginBody, browser: string | null): Promise<KakaoLoginResult> {
      const { client } = configured();
      // Taken (deleted) before anything else: a state is spent by its first use, right or wrong.
      const started = await repository.takeState(sha256(body.state));
      if (!started || !started.live || !browser || !sameHash(started.browserHash, sha256(browser)))
        throw stateInvalid();
      const user = await client.userOfCode(body.code, started.redirectUri);
      const linked = await repository.patientOfKakao(user.id);
      if (linked) {
        return { status: 'LOGGED_IN', area: started.area, tokens: await loginAs(linked.patientIdx) };
      }
      const ticket = randomBytes(32).toString('base64url');
      await repository.insertPending(
        sha256(ticket),
        sha256(browser),
        { kakaoId: user.id, area: started.area, nickname: user.nickname, email: user.email },
        KAKAO_TICKET_TTL_S,
      );
      return { status: 'NEEDS_ACCOUNT', area: started.area, ticket, nickname: user.nickname };
    },

    /**
     * Links the ticket's Kakao account to an existing patient who proves the password once
     * (decision 016: no matching by name, phone or e-mail). A wrong password keeps the
     * ticket, under the login's lockout for untrusted clients (no device allowance here).
     */
    async link(body: KakaoLinkBody, browser: string | null): Promise<TokenPair> {
      const pending = await pendingOf(body.ticket, browser);
      const account = await identity.provePatientPassword(body.loginId, body.password);
      await db.transaction(async (tx) => {
        const inTx = createKakaoLoginRepository(tx);
        if (!(await inTx.deletePending(sha256(body.ticket)))) throw ticketInvalid();
        if (!(await inTx.insertLink(account.idx, pending.kakaoId)))
          throw new DomainError('KAKAO_ALREADY_LINKED');
        await audit.record({ ...asPatient(account.idx), action: 'kakao.link' }, tx);
      });
      return identity.patientLoginVia(account, 'kakao');
    },

    /** A new patient from the ticket's Kakao account, the terms agreed to; the app then asks for a hospital. */
    async signUp(body: KakaoSignUpBody, browser: string | null): Promise<TokenPair> {
      const { ticket } = body;
      const pending = await pendingOf(ticket, browser);
      const created = await accounts.createWithoutPassword(
        {
          name: pending.nickname ?? '카카오 사용자',
          email: pending.email,
          area: careArea(pending.area),
          agreedTermsCodes: body.agreedTermsCodes,
        },
        async (tx: SqlQueryable, patientIdx: number) => {
          const inTx = createKakaoLoginRepository(tx);
          if (!(await inTx.deletePending(sha256(ticket)))) throw ticketInvalid();
          if (!(await inTx.insertLink(patientIdx, pending.kakaoId)))
            throw new DomainError('KAKAO_ALREADY_LINKED');
          await audit.record({ ...asPatient(patientIdx), action: 'kakao.link' }, tx);
        },
      );
      return identity.patientLoginVia(created, 'kakao');
    },

    getMyLink(patientIdx: number): Promise<KakaoLinkStatus> {
      return linkStatus(patientIdx);
    },

    /**
     * Unlink from settings: at Kakao first (admin key), then here, so a failure at Kakao
     * changes nothing. An account without a password keeps its only way in.
     */
    async unlink(patientIdx: number): Promise<KakaoLinkStatus> {
      const { client } = configured();
      const status = await linkStatus(patientIdx);
      if (!status.linked) throw new DomainError('KAKAO_NOT_LINKED');
      if (!status.hasPassword) throw new DomainError('KAKAO_UNLINK_NEEDS_PASSWORD');
      const link = await repository.linkOf(patientIdx);
      if (link) await client.unlink(link.kakaoId);
      await db.transaction(async (tx) => {
        await createKakaoLoginRepository(tx).deleteLinkOf(patientIdx);
        await audit.record({ ...asPatient(patientIdx), action: 'kakao.unlink' }, tx);
      });
      return linkStatus(patientIdx);
    },

    /**
     * Kakao's unlink callback (the user disconnected the app at Kakao): only with the admin
     * key, and the app id when configured. Unknown users answer the same: nothing to tell.
     */
    async unlinkedAtKakao(authorization: string | undefined, body: KakaoUnlinkCallbackBody): Promise<void> {
      const { settings } = configured();
      const given = Buffer.from(authorization ?? '');
      const expected = Buffer.from(`KakaoAK ${settings.adminKey}`);
      const keyMatches = given.length === expected.length && timingSafeEqual(given, expected);
      if (!keyMatches || (settings.appId && body.app_id !== settings.appId))
        throw new DomainError('KAKAO_UNLINK_CALLBACK_REFUSED');
      await db.transaction(async (tx) => {
        const removed = await createKakaoLoginRepository(tx).deleteLinkOfKakao(body.user_id);
        if (removed)
          await audit.record(
            {
              actorType: 'system',
              actorIdx: null,
              action: 'kakao.unlinkedAtKakao',
              patientIdx: removed.patientIdx,
              detail: { referrerType: body.referrer_type ?? null },
            },
            tx,
          );
      });
    },

    /**
     * Account deletion (registered with the erasure): the link goes with the account, and
     * Kakao is told. Kakao being down never blocks a deletion: it is logged and audited.
     */
    async erase(tx: SqlQueryable, patientIdx: number): Promise<void> {
      const removed = await createKakaoLoginRepository(tx).deleteLinkOf(patientIdx);
      if (!removed || !client) return;
      try {
        await client.unlink(removed.kakaoId);
      } catch (error) {
        log.warn({ err: error, patientIdx }, 'Kakao unlink on account deletion failed');
        await audit.record(
          { actorType: 'system', actorIdx: null, action: 'kakao.unlinkAtKakaoFailed', patientIdx },
          tx,
        );
      }
    },

    prune(): Promise<number> {
      return repository.pruneExpired();
    },
  };
}

export type KakaoLoginService = ReturnType<typeof createKakaoLoginService>;
