import {
  RATING_EDIT_DAYS,
  RATING_INVITE_DAYS,
  type MyRatings,
  type Rating,
  type RatingOccasion,
  type RatingOccasionKind,
  type RatingOccasionQuery,
  type RatingStats,
  type SubmitRatingBody,
} from '@smartcare/contract/rating';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { AppointmentService } from '../appointment/appointment.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { HospitalService } from '../hospital/hospital.service.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import { ratingRepository as repo, type StoredRating } from './rating.repository.ts';

const DAY_MS = 86_400_000;
/** A consulting chat has no department: the hospital's consulting counts as one (decision 028). */
export const CHAT_DEPARTMENT = '온라인 상담';

/** A completed (or not yet completed) occasion as the rating needs it. */
export interface Occasion {
  kind: RatingOccasionKind;
  idx: number;
  patientIdx: number;
  hospitalIdx: number;
  completedAt: Date | null;
  department: string;
  staffIdx: number | null;
  /** Who is named when there is no staff account to look up (an appointment's doctor). */
  staffName?: string | null;
}

export interface RatingServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'staff'>;
  hospitals: Pick<HospitalService, 'find'>;
  /** Today's only occasion: the consulting chat (appointments and telemedicine plug in here). */
  chat: Pick<ChatService, 'room' | 'completedRoomsOf'>;
  /** An outpatient visit marked 완료 (issue 16 audit): read through the appointment service. */
  appointments: Pick<AppointmentService, 'forRating' | 'completedVisitsOf'>;
  notifications: Pick<NotificationService, 'notify'>;
  audit: Pick<Audit, 'record'>;
  // issue 17 — telemedicine visits as occasions (the telemedicine service, through app.ts)
  telemedicine?: {
    ratingOccasion(idx: number): Promise<Occasion | null>;
    completedOccasionsOf(patientIdx: number, since: Date): Promise<(Occasion & { completedAt: Date })[]>;
  };
  now?: () => Date;
}

export function createRatingService(deps: RatingServiceDeps) {
  const now = deps.now ?? (() => new Date());

  function chatOccasion(room: {
    idx: number;
    patientIdx: number;
    hospitalIdx: number;
    status: string;
    completedAt: Date | null;
    assigneeIdx: number | null;
  }): Occasion {
    return {
      kind: 'CHAT',
      idx: room.idx,
      patientIdx: room.patientIdx,
      hospitalIdx: room.hospitalIdx,
      completedAt: room.status === 'COMPLETE' ? room.completedAt : null,
      department: CHAT_DEPARTMENT,
      staffIdx: room.assigneeIdx,
    };
  }

  /** An outpatient visit: its department, its doctor by name (doctors have no staff account here). */
  function appointmentOccasion(visit: {
    idx: number;
    patientIdx: number;
    hospitalIdx: number;
    department: string;
    doctor: string;
    completedAt: Date | null;
  }): Occasion {
    return {
      kind: 'APPOINTMENT',
      idx: visit.idx,
      patientIdx: visit.patientIdx,
      hospitalIdx: visit.hospitalIdx,
      completedAt: visit.completedAt,
      department: visit.department,
      staffIdx: null,
      staffName: visit.doctor || null,
    };
  }

  /** The occasion, or null when there is none (each kind reads its own module's service). */
  async function occasionOf(kind: RatingOccasionKind, idx: number): Promise<Occasion | null> {
    if (kind === 'CHAT') {
      const room = await deps.chat.room(idx);
      return room ? chatOccasion(room) : null;
    }
    if (kind === 'APPOINTMENT') {
      const visit = await deps.appointments.forRating(idx);
      return visit ? appointmentOccasion(visit) : null;
    }
    // issue 17 — telemedicine
    if (kind === 'TELEMEDICINE') return (await deps.telemedicine?.ratingOccasion(idx)) ?? null;
    return null;
  }

  function ratingView(rating: StoredRating, at: Date): Rating {
    const editableUntil = new Date(rating.createdAt.getTime() + RATING_EDIT_DAYS * DAY_MS);
    return {
      idx: rating.idx,
      stars: rating.stars,
      tags: rating.tags,
      comment: rating.comment,
      createdAt: rating.createdAt.toISOString(),
      updatedAt: rating.updatedAt.toISOString(),
      editableUntil: editableUntil.toISOString(),
      editable: at < editableUntil,
    };
  }

  const nameCache = new Map<number, string>();
  async function hospitalName(idx: number) {
    if (!nameCache.has(idx)) nameCache.set(idx, (await deps.hospitals.find(idx))?.name ?? '');
    return nameCache.get(idx)!;
  }
  async function staffName(idx: number | null) {
    if (idx === null) return null;
    return (await deps.people.staff(idx))?.name ?? null;
  }

  async function occasionView(
    occasion: Occasion & { completedAt: Date },
    rating: StoredRating | null,
    at: Date,
  ): Promise<RatingOccasion> {
    return {
      kind: occasion.kind,
      idx: occasion.idx,
      hospitalName: await hospitalName(occasion.hospitalIdx),
      staffName: rating?.staffName ?? occasion.staffName ?? (await staffName(occasion.staffIdx)),
      completedAt: occasion.completedAt.toISOString(),
      rateableUntil: new Date(occasion.completedAt.getTime() + RATING_INVITE_DAYS * DAY_MS).toISOString(),
      rating: rating ? ratingView(rating, at) : null,
    };
  }

  /** The patient's own completed occasion (another's is as if none, audited as refused). */
  async function ownCompleted(patientIdx: number, kind: RatingOccasionKind, idx: number) {
    const occasion = await occasionOf(kind, idx);
    if (!occasion) throw new DomainError('NOT_FOUND');
    if (occasion.patientIdx !== patientIdx) throw new AccessRefused(occasion.patientIdx, 'NOT_FOUND');
    if (!occasion.completedAt) throw new DomainError('RATING_NOT_COMPLETED');
    return occasion as Occasion & { completedAt: Date };
  }

  /** Ratings that the staff may read: no patient identity, ever. */
  function summaryOf(s: { count: number; average: number | null; distribution: number[] }) {
    return { count: s.count, average: s.average, distribution: s.distribution };
  }

  return {
    /** A room completed: the patient is invited once to rate it (push and the list). */
    async inviteChat(roomIdx: number): Promise<void> {
      const room = await deps.chat.room(roomIdx);
      if (!room || room.status !== 'COMPLETE') return;
      if (!(await repo.invite(deps.db, 'CHAT', room.idx, room.patientIdx))) return;
      await deps.notifications.notify(room.patientIdx, {
        kind: 'chat',
        title: '상담은 어떠셨나요?',
        body: '상담이 끝났습니다. 별점과 한마디로 평가해 주세요.',
        deepLink: `#/hospital/rate?kind=CHAT&idx=${room.idx}`,
        data: { ratingKind: 'CHAT', occasionIdx: room.idx },
      });
    },

    // issue 17 — a telemedicine visit completed: its patient is invited once to rate it
    async inviteTelemedicine(visitIdx: number): Promise<void> {
      const occasion = await deps.telemedicine?.ratingOccasion(visitIdx);
      if (!occasion?.completedAt) return;
      if (!(await repo.invite(deps.db, 'TELEMEDICINE', occasion.idx, occasion.patientIdx))) return;
      await deps.notifications.notify(occasion.patientIdx, {
        kind: 'telemedicine',
        title: '비대면 진료는 어떠셨나요?',
        body: '진료가 끝났습니다. 별점과 한마디로 평가해 주세요.',
        deepLink: `#/hospital/rate?kind=TELEMEDICINE&idx=${occasion.idx}`,
        data: { ratingKind: 'TELEMEDICINE', occasionIdx: occasion.idx },
      });
    },

    /** An outpatient visit was marked 완료: the patient is invited once to rate it. */
    async inviteAppointment(appointmentIdx: number): Promise<void> {
      const visit = await deps.appointments.forRating(appointmentIdx);
      if (!visit?.completedAt) return;
      if (!(await repo.invite(deps.db, 'APPOINTMENT', visit.idx, visit.patientIdx))) return;
      await deps.notifications.notify(visit.patientIdx, {
        kind: 'schedule',
        title: '진료는 어떠셨나요?',
        body: `${visit.department} 진료가 끝났습니다. 별점과 한마디로 평가해 주세요.`,
        deepLink: `#/hospital/rate?kind=APPOINTMENT&idx=${visit.idx}`,
        data: { ratingKind: 'APPOINTMENT', occasionIdx: visit.idx },
      });
    },

    async myRatings(patientIdx: number): Promise<MyRatings> {
      const at = now();
      const ratings = await repo.ofPatient(deps.db, patientIdx);
      const byOccasion = new Map(ratings.map((r) => [`${r.kind}:${r.occasionIdx}`, r]));
      const rooms = await deps.chat.completedRoomsOf(
        patientIdx,
        new Date(at.getTime() - RATING_INVITE_DAYS * DAY_MS),
      );
      const waiting: RatingOccasion[] = [];
      for (const room of rooms) {
        const occasion = chatOccasion(room);
        if (!occasion.completedAt || byOccasion.has(`CHAT:${room.idx}`)) continue;
        waiting.push(await occasionView(occasion as Occasion & { completedAt: Date }, null, at));
      }
      const since = new Date(at.getTime() - RATING_INVITE_DAYS * DAY_MS);
      for (const visit of await deps.appointments.completedVisitsOf(patientIdx, since)) {
        const occasion = appointmentOccasion(visit);
        if (!occasion.completedAt || byOccasion.has(`APPOINTMENT:${visit.idx}`)) continue;
        waiting.push(await occasionView(occasion as Occasion & { completedAt: Date }, null, at));
      }
      // issue 17 — finished telemedicine visits wait for their rating too
      for (const occasion of (await deps.telemedicine?.completedOccasionsOf(patientIdx, since)) ?? []) {
        if (byOccasion.has(`TELEMEDICINE:${occasion.idx}`)) continue;
        waiting.push(await occasionView(occasion, null, at));
      }
      // Latest first, whatever the kind.
      waiting.sort((a, b) => b.completedAt.localeCompare(a.completedAt));
      const rated: RatingOccasion[] = [];
      for (const rating of ratings) {
        rated.push(
          await occasionView(
            {
              kind: rating.kind,
              idx: rating.occasionIdx,
              patientIdx,
              hospitalIdx: rating.hospitalIdx,
              completedAt: rating.occasionAt,
              department: rating.department,
              staffIdx: rating.staffIdx,
            },
            rating,
            at,
          ),
        );
      }
      return { waiting, rated };
    },

    async occasion(patientIdx: number, query: RatingOccasionQuery): Promise<RatingOccasion> {
      const occasion = await ownCompleted(patientIdx, query.kind, query.idx);
      return occasionView(occasion, await repo.find(deps.db, query.kind, query.idx), now());
    },

    /**
     * Rates an occasion, or changes its rating within 7 days. A double submit finds the first
     * rating (one per occasion) and changes it to the same values.
     */
    async submit(patientIdx: number, body: SubmitRatingBody): Promise<RatingOccasion> {
      const occasion = await ownCompleted(patientIdx, body.kind, body.idx);
      const at = now();
      const fields = { stars: body.stars, tags: body.tags ?? [], comment: body.comment ?? '', at };
      // Read before the transaction: one connection (PGlite) would wait for itself inside it.
      const handledBy = occasion.staffName ?? (await staffName(occasion.staffIdx));
      await deps.db.transaction(async (tx) => {
        const existing = await repo.find(tx, body.kind, body.idx, true);
        if (existing) {
          if (!ratingView(existing, at).editable) throw new DomainError('RATING_WINDOW_CLOSED');
          await repo.update(tx, existing.idx, fields);
        } else {
          if (at.getTime() > occasion.completedAt.getTime() + RATING_INVITE_DAYS * DAY_MS)
            throw new DomainError('RATING_WINDOW_CLOSED');
          await repo.insert(tx, {
            ...fields,
            hospitalIdx: occasion.hospitalIdx,
            patientIdx,
            kind: occasion.kind,
            occasionIdx: occasion.idx,
            department: occasion.department,
            staffIdx: occasion.staffIdx,
            staffName: handledBy,
            occasionAt: occasion.completedAt,
          });
        }
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: existing ? 'rating.update' : 'rating.create',
            patientIdx,
            detail: { kind: body.kind, occasionIdx: body.idx },
          },
          tx as SqlQueryable,
        );
      });
      return occasionView(occasion, await repo.find(deps.db, body.kind, body.idx), at);
    },

    /**
     * The hospital's statistics for its staff. Per staff member: everyone's for ADMIN, one's own
     * line for anyone else, so a rated nurse reads her scores but not her colleagues' (decision 028).
     */
    async stats(staffIdx: number, query: { months?: number }): Promise<RatingStats> {
      const staff = await deps.people.staff(staffIdx);
      if (!staff) throw new DomainError('NOT_LOGGED_IN');
      const at = now();
      const since = new Date(
        Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - ((query.months ?? 6) - 1), 1) - 9 * 3_600_000,
      );
      const h = staff.hospitalIdx;
      const [overall, departments, perStaff, months, comments] = await Promise.all([
        repo.summaries(deps.db, h, since, 'all'),
        repo.summaries(deps.db, h, since, 'department'),
        repo.summaries(deps.db, h, since, 'staff'),
        repo.summaries(deps.db, h, since, 'month'),
        repo.comments(deps.db, h, since),
      ]);
      return {
        overall: overall[0]
          ? summaryOf(overall[0])
          : { count: 0, average: null, distribution: [0, 0, 0, 0, 0] },
        departments: departments.map((s) => ({ ...summaryOf(s), department: s.name })),
        staff: perStaff
          .filter((s) => staff.role === 'ADMIN' || Number(s.key) === staff.idx)
          .map((s) => ({ ...summaryOf(s), staffIdx: Number(s.key), staffName: s.name })),
        months: months.map((s) => ({ ...summaryOf(s), month: s.key })),
        comments: comments.map((c) => ({
          idx: c.idx,
          stars: c.stars,
          tags: c.tags,
          comment: c.comment,
          department: c.department,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },

    async erasePatient(tx: Pick<SqlQueryable, 'query'>, patientIdx: number): Promise<void> {
      await repo.detachPatient(tx, patientIdx);
    },
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
