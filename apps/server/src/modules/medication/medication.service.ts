import {
  FORM_UNIT_KO,
  medicationProblemMessages,
  medicationProblems,
  SNOOZE_MIN,
  type CalendarDay,
  type DayAdherence,
  type Dose,
  type Medication,
  type MedicationCalendar,
  type MedicationDetail,
  type MedicationValues,
  type Medicine,
  type PatientMedications,
} from '@smartcare/contract/medication';
import type { AppLocale } from '@smartcare/contract/result-codes';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/database.ts';
import type { PeopleService } from '../people/people.service.ts';
import {
  medicationRepository as repo,
  type StoredDose,
  type StoredMedication,
} from './medication.repository.ts';
import {
  addDays,
  doseTimes,
  dueNow,
  kstDate,
  kstInstant,
  KST_OFFSET_MS,
  takeable,
  transition,
  type DoseAction,
  type DoseRules,
} from './medication.schedule.ts';
import { searchMedicines } from './medication.search.ts';

/** What a reminder hands to the notification service (`notify`, issue 12). */
export interface MedicationNotifier {
  notify(
    patientIdx: number,
    input: {
      kind: 'medication';
      title: string;
      body: string;
      deepLink: string;
      data?: Record<string, number | string>;
    },
  ): Promise<unknown>;
}

export interface MedicationSettings {
  /** A pending dose becomes MISSED this long after its time (or when the next dose is due). */
  missedAfterMin: number;
  /** An ignored reminder is repeated after this long … */
  realertMin: number;
  /** … at most this many times. */
  realertMax: number;
}

export interface MedicationServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'patient' | 'staff' | 'homeCarePatientOf'>;
  audit: Pick<Audit, 'record'>;
  notifier: MedicationNotifier;
  settings: MedicationSettings;
  now?: () => Date;
}

/** Doses are generated this far ahead. */
export const GENERATE_AHEAD_H = 48;
const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;
const HISTORY_LIMIT = 60;
/**
 * Medicines per transaction of the dose pass. Small: on PGlite a transaction holds the one
 * session, so a request or chat message waits for the batch in progress (about 5 ms at 25
 * medicines' first two days, 200 doses; under 1 ms when they exist already).
 */
const GENERATION_BATCH = 25;
const ALERT_BATCH = 100;
/** Two or more missed doses today put a patient on the home-care watch list. */
export const WATCH_MISSED_TODAY = 2;

const DEEP_LINK_MAIN = '#/homecare/medication/main';
const deepLinkOf = (idx: number) => `#/homecare/medication/${idx}`;

/** Minutes since midnight, Korean time. */
const kstMinutes = (at: Date) => Math.floor(((at.getTime() + KST_OFFSET_MS) / MIN_MS) % 1440);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` lies in the quiet hours [start, end), which may run over midnight. */
export function inQuietHours(at: Date, start: string, end: string): boolean {
  const m = kstMinutes(at);
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === e) return false;
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/** How many held doses the quiet-hours summary names one by one. */
const SUMMARY_NAMED = 3;

/** The instant quiet hours that hold `at` end: the next `end` o'clock, Korean time, after `at`. */
export function quietHoursEndAfter(at: Date, end: string): Date {
  const minuteStart = Math.floor(at.getTime() / MIN_MS) * MIN_MS;
  const wait = (minutesOf(end) - kstMinutes(at) + 1440) % 1440 || 1440;
  return new Date(minuteStart + wait * MIN_MS);
}

/** The one reminder for the doses that fell due during quiet hours (decision 024). */
export function quietHoursSummary(
  doses: readonly {
    medicationName: string;
    dosePerIntake: number;
    form: keyof typeof FORM_UNIT_KO;
    scheduledAt: Date;
  }[],
) {
  const hhmm = (at: Date) => new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(11, 16);
  // A push body stays short: the first few doses by name, the rest counted.
  const named = doses
    .slice(0, SUMMARY_NAMED)
    .map((d) => `${hhmm(d.scheduledAt)} ${d.medicationName} ${d.dosePerIntake}${FORM_UNIT_KO[d.form]}`);
  const more = doses.length > SUMMARY_NAMED ? ` 외 ${doses.length - SUMMARY_NAMED}건` : '';
  return {
    title: `방해 금지 시간 동안 복용할 약 ${doses.length}건이 있었습니다`,
    body: `${named.join(', ')}${more} — 드셨다면 복용 기록을 남겨 주세요`,
  };
}

const rateOf = ({ taken, due }: { taken: number; due: number }) => (due === 0 ? null : taken / due);

export function adherenceOf(c: {
  scheduled: number;
  taken: number;
  skipped: number;
  missed: number;
}): DayAdherence {
  if (c.scheduled === 0) return 'NONE';
  if (c.taken === c.scheduled) return 'ALL_TAKEN';
  if (c.taken === 0 && c.skipped + c.missed > 0) return 'MISSED';
  if (c.taken === 0) return 'UPCOMING';
  return 'SOME_TAKEN';
}

export function createMedicationService(deps: MedicationServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const rules: DoseRules = { missedAfterMin: deps.settings.missedAfterMin };

  function presentMedication(m: StoredMedication): Medication {
    const dosesLeft = m.stock === null ? null : Math.floor(m.stock / m.dosePerIntake + 1e-9);
    return {
      idx: m.idx,
      patientIdx: m.patientIdx,
      name: m.name,
      medicineCode: m.medicineCode,
      strength: m.strength,
      form: m.form,
      dosePerIntake: m.dosePerIntake,
      times: m.times,
      everyHours: m.everyHours,
      daysOfWeek: m.daysOfWeek,
      meal: m.meal,
      startDate: m.startDate,
      endDate: m.endDate,
      instructions: m.instructions,
      stock: m.stock,
      refillThreshold: m.refillThreshold,
      dosesLeft,
      refillDue: dosesLeft !== null && m.refillThreshold !== null && dosesLeft <= m.refillThreshold,
      prescribedBy: m.prescribedBy,
      byStaff: m.prescribedByStaffIdx !== null,
      status: m.status,
      stoppedAt: m.stoppedAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
    };
  }

  function presentDose(d: StoredDose, at: Date): Dose {
    return {
      idx: d.idx,
      medicationIdx: d.medicationIdx,
      medicationName: d.medicationName,
      strength: d.strength,
      form: d.form,
      dosePerIntake: d.dosePerIntake,
      meal: d.meal,
      scheduledAt: d.scheduledAt.toISOString(),
      status: d.status,
      takenAt: d.takenAt?.toISOString() ?? null,
      late: d.late,
      skipReason: d.skipReason,
      snoozedUntil: d.snoozedUntil && d.snoozedUntil > at ? d.snoozedUntil.toISOString() : null,
      dueNow: dueNow(d, at, rules),
      takeable: takeable(d, at, rules),
    };
  }

  async function livePatient(patientIdx: number) {
    const patient = await deps.people.patient(patientIdx);
    if (!patient) throw new DomainError('NOT_LOGGED_IN');
    return patient;
  }

  /** The staff member, and the patient only when a home-care patient of their hospital. */
  const staffAndPatient = (staffIdx: number, patientIdx: number) =>
    deps.people.homeCarePatientOf(staffIdx, patientIdx);

  /** The patient's own medication, locked for a change; another's is as if absent. */
  async function ownMedication(tx: SqlQueryable, patientIdx: number, idx: number) {
    const m = await repo.find(tx, idx, true);
    if (!m) throw new DomainError('NOT_FOUND');
    if (m.patientIdx !== patientIdx) throw new AccessRefused(m.patientIdx, 'NOT_FOUND');
    return m;
  }

  /** Dose times of the current schedule from `from` up to the generation horizon. */
  function dueTimes(m: StoredMedication, at: Date): Date[] {
    if (m.status !== 'ACTIVE') return [];
    const from = new Date(Math.max(m.scheduleFrom.getTime(), at.getTime() - 24 * HOUR_MS));
    return doseTimes(m, from, new Date(at.getTime() + GENERATE_AHEAD_H * HOUR_MS));
  }

  function generate(tx: SqlQueryable, m: StoredMedication, at: Date): Promise<number> {
    return repo.insertDoses(tx, m.idx, m.patientIdx, dueTimes(m, at));
  }

  const audit = (
    actor: { actorType: 'patient' | 'staff'; actorIdx: number },
    action: string,
    patientIdx: number,
    detail?: Record<string, unknown>,
  ) => deps.audit.record({ ...actor, action, patientIdx, ...(detail ? { detail } : {}) });

  /**
   * Refused input says which field and why, in the caller's language, and changes nothing.
   * `under` is where the medication sits in the body (`medication.` in a change or prescription).
   */
  function check(v: MedicationValues, locale: AppLocale, under: '' | 'medication.') {
    const problems = medicationProblems(v);
    if (problems.length > 0)
      throw new DomainError('VALIDATION_FAILED', {
        fields: problems.map(({ field, problem }) => ({
          field: `${under}${field}`,
          message: medicationProblemMessages[locale][problem],
        })),
      });
  }

  async function create(patientIdx: number, v: MedicationValues, staffIdx: number | null) {
    const at = now();
    // A dose of today still within its window counts (the patient just added what they take now).
    const scheduleFrom = new Date(
      Math.max(kstInstant(v.startDate).getTime(), at.getTime() - deps.settings.missedAfterMin * MIN_MS),
    );
    return deps.db.transaction(async (tx) => {
      const m = await repo.insert(tx, patientIdx, v, { staffIdx, scheduleFrom, now: at });
      await generate(tx, m, at);
      return m;
    });
  }

  /** A schedule change applies from now on: doses not yet due are replaced, the past stays. */
  async function change(patientIdx: number, idx: number, v: MedicationValues, locale: AppLocale) {
    const at = now();
    return deps.db.transaction(async (tx) => {
      const current = await ownMedication(tx, patientIdx, idx);
      if (current.status === 'STOPPED') throw new DomainError('MEDICATION_STOPPED');
      check(v, locale, 'medication.');
      await repo.dropUpcoming(tx, idx, at);
      const scheduleFrom = new Date(Math.max(at.getTime() + 1, kstInstant(v.startDate).getTime()));
      const m = await repo.update(tx, idx, v, scheduleFrom, at);
      await generate(tx, m, at);
      return m;
    });
  }

  async function stop(patientIdx: number, idx: number) {
    const at = now();
    return deps.db.transaction(async (tx) => {
      const current = await ownMedication(tx, patientIdx, idx);
      if (current.status === 'STOPPED') return current;
      await repo.dropUpcoming(tx, idx, at);
      return repo.stop(tx, idx, at);
    });
  }

  async function act(patientIdx: number, doseIdx: number, action: DoseAction, reason?: string) {
    const at = now();
    const { dose, refill } = await deps.db.transaction(async (tx) => {
      const dose = await repo.findDose(tx, doseIdx, true);
      if (!dose) throw new DomainError('NOT_FOUND');
      if (dose.patientIdx !== patientIdx) throw new AccessRefused(dose.patientIdx, 'NOT_FOUND');
      const next = transition(dose, action, at, rules);
      if (!next.ok) throw new DomainError(next.code);
      let refill: { refill: boolean; dosesLeft: number | null } = { refill: false, dosesLeft: null };
      if (action === 'TAKE') {
        await repo.take(tx, doseIdx, at, next.late);
        refill = await repo.useStock(tx, dose.medicationIdx, dose.dosePerIntake, at);
      } else if (action === 'SKIP') {
        await repo.skip(tx, doseIdx, at, reason && reason !== '' ? reason : null);
      } else {
        await repo.snooze(tx, doseIdx, new Date(at.getTime() + SNOOZE_MIN * MIN_MS));
      }
      return { dose: (await repo.findDose(tx, doseIdx))!, refill };
    });
    await audit(
      { actorType: 'patient', actorIdx: patientIdx },
      `medication.dose.${action.toLowerCase()}`,
      patientIdx,
      {
        doseIdx,
      },
    );
    if (refill.refill)
      await deps.notifier.notify(patientIdx, {
        kind: 'medication',
        title: '약 보충 알림',
        body: `${dose.medicationName}: 약이 ${refill.dosesLeft ?? 0}회분 남았습니다.`,
        deepLink: deepLinkOf(dose.medicationIdx),
        data: { medicationIdx: dose.medicationIdx },
      });
    return presentDose(dose, at);
  }

  async function patientOverview(patientIdx: number, patientName: string): Promise<PatientMedications> {
    const at = now();
    const today = kstInstant(kstDate(at));
    const since7 = new Date(today.getTime() - 6 * 24 * HOUR_MS);
    const since30 = new Date(today.getTime() - 29 * 24 * HOUR_MS);
    const [medications, a7, a30, missed] = await Promise.all([
      repo.listOfPatient(deps.db, patientIdx),
      repo.adherence(deps.db, patientIdx, since7, at),
      repo.adherence(deps.db, patientIdx, since30, at),
      repo.missedSince(deps.db, patientIdx, since30, 100),
    ]);
    return {
      patientName,
      medications: medications.map(presentMedication),
      rate7: rateOf(a7),
      rate30: rateOf(a30),
      missed: missed.map((d) => presentDose(d, at)),
    };
  }

  return {
    searchMedicines(query: string): Medicine[] {
      return searchMedicines(query);
    },

    async myMedications(patientIdx: number): Promise<Medication[]> {
      await livePatient(patientIdx);
      return (await repo.listOfPatient(deps.db, patientIdx)).map(presentMedication);
    },

    async detail(patientIdx: number, idx: number): Promise<MedicationDetail> {
      const m = await repo.find(deps.db, idx);
      if (!m) throw new DomainError('NOT_FOUND');
      if (m.patientIdx !== patientIdx) throw new AccessRefused(m.patientIdx, 'NOT_FOUND');
      const at = now();
      const history = await repo.history(deps.db, idx, new Date(at.getTime() + 24 * HOUR_MS), HISTORY_LIMIT);
      await audit({ actorType: 'patient', actorIdx: patientIdx }, 'medication.read', patientIdx, {
        medicationIdx: idx,
      });
      return { medication: presentMedication(m), history: history.map((d) => presentDose(d, at)) };
    },

    async add(patientIdx: number, v: MedicationValues, locale: AppLocale = 'kr-KO'): Promise<Medication> {
      await livePatient(patientIdx);
      check(v, locale, '');
      const m = await create(patientIdx, v, null);
      await audit({ actorType: 'patient', actorIdx: patientIdx }, 'medication.add', patientIdx, {
        medicationIdx: m.idx,
      });
      return presentMedication(m);
    },

    async update(
      patientIdx: number,
      idx: number,
      v: MedicationValues,
      locale: AppLocale = 'kr-KO',
    ): Promise<Medication> {
      const m = await change(patientIdx, idx, v, locale);
      await audit({ actorType: 'patient', actorIdx: patientIdx }, 'medication.update', patientIdx, {
        medicationIdx: idx,
      });
      return presentMedication(m);
    },

    async stop(patientIdx: number, idx: number): Promise<Medication> {
      const m = await stop(patientIdx, idx);
      await audit({ actorType: 'patient', actorIdx: patientIdx }, 'medication.stop', patientIdx, {
        medicationIdx: idx,
      });
      return presentMedication(m);
    },

    /** One Korean calendar day's doses (today by default), in time order. */
    async doses(patientIdx: number, date?: string): Promise<Dose[]> {
      const at = now();
      const day = date ?? kstDate(at);
      const rows = await repo.dosesBetween(deps.db, patientIdx, kstInstant(day), kstInstant(addDays(day, 1)));
      await audit({ actorType: 'patient', actorIdx: patientIdx }, 'medication.doses.read', patientIdx, {
        day,
      });
      return rows.map((d) => presentDose(d, at));
    },

    async calendar(patientIdx: number, month: string): Promise<MedicationCalendar> {
      const at = now();
      const first = `${month}-01`;
      const [y, mo] = month.split('-').map(Number) as [number, number];
      const next = mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
      const from = kstInstant(first);
      const to = kstInstant(next);
      const today = kstInstant(kstDate(at));
      const [counts, monthAdh, weekAdh] = await Promise.all([
        repo.dayCounts(deps.db, patientIdx, from, to),
        repo.adherence(deps.db, patientIdx, from, new Date(Math.min(to.getTime(), at.getTime()))),
        repo.adherence(deps.db, patientIdx, new Date(today.getTime() - 6 * 24 * HOUR_MS), at),
      ]);
      const byDay = new Map(counts.map((c) => [c.day, c]));
      const days: CalendarDay[] = [];
      for (let day = first; day < next; day = addDays(day, 1)) {
        const c = byDay.get(day) ?? { day, scheduled: 0, taken: 0, skipped: 0, missed: 0, pending: 0 };
        days.push({
          date: day,
          scheduled: c.scheduled,
          taken: c.taken,
          skipped: c.skipped,
          missed: c.missed,
          pending: c.pending,
          adherence: adherenceOf(c),
        });
      }
      await audit({ actorType: 'patient', actorIdx: patientIdx }, 'medication.calendar.read', patientIdx, {
        month,
      });
      return { month, days, monthRate: rateOf(monthAdh), weekRate: rateOf(weekAdh) };
    },

    take: (patientIdx: number, doseIdx: number) => act(patientIdx, doseIdx, 'TAKE'),
    skip: (patientIdx: number, doseIdx: number, reason?: string) => act(patientIdx, doseIdx, 'SKIP', reason),
    snooze: (patientIdx: number, doseIdx: number) => act(patientIdx, doseIdx, 'SNOOZE'),

    /** The console: a patient's medications, adherence of the last 7 and 30 days, missed doses. */
    async patientMedications(staffIdx: number, patientIdx: number): Promise<PatientMedications> {
      const { staff, patient } = await staffAndPatient(staffIdx, patientIdx);
      const overview = await patientOverview(patientIdx, patient.name);
      await audit({ actorType: 'staff', actorIdx: staff.idx }, 'medication.read', patientIdx);
      return overview;
    },

    /** A nurse prescribes: the medication is the patient's at once, and they are told. */
    async prescribe(
      staffIdx: number,
      patientIdx: number,
      v: MedicationValues,
      locale: AppLocale = 'kr-KO',
    ): Promise<Medication> {
      const { staff } = await staffAndPatient(staffIdx, patientIdx);
      check(v, locale, 'medication.');
      const m = await create(patientIdx, { ...v, prescribedBy: v.prescribedBy || staff.name }, staff.idx);
      await audit({ actorType: 'staff', actorIdx: staff.idx }, 'medication.prescribe', patientIdx, {
        medicationIdx: m.idx,
      });
      await deps.notifier.notify(patientIdx, {
        kind: 'medication',
        title: '새 약이 처방되었습니다',
        body: `${m.name} ${m.strength}`.trim(),
        deepLink: deepLinkOf(m.idx),
        data: { medicationIdx: m.idx },
      });
      return presentMedication(m);
    },

    async changeForPatient(
      staffIdx: number,
      idx: number,
      v: MedicationValues,
      locale: AppLocale = 'kr-KO',
    ): Promise<Medication> {
      const existing = await repo.find(deps.db, idx);
      if (!existing) throw new DomainError('NOT_FOUND');
      const { staff } = await staffAndPatient(staffIdx, existing.patientIdx);
      const m = await change(existing.patientIdx, idx, v, locale);
      await audit({ actorType: 'staff', actorIdx: staff.idx }, 'medication.update', existing.patientIdx, {
        medicationIdx: idx,
      });
      return presentMedication(m);
    },

    async stopForPatient(staffIdx: number, idx: number): Promise<Medication> {
      const existing = await repo.find(deps.db, idx);
      if (!existing) throw new DomainError('NOT_FOUND');
      const { staff } = await staffAndPatient(staffIdx, existing.patientIdx);
      const m = await stop(existing.patientIdx, idx);
      await audit({ actorType: 'staff', actorIdx: staff.idx }, 'medication.stop', existing.patientIdx, {
        medicationIdx: idx,
      });
      return presentMedication(m);
    },

    /** For the home-care watch list (the lead joins it): patients with 2+ doses missed today. */
    async patientsWithMissedDosesToday(
      hospitalIdx: number,
    ): Promise<{ patientIdx: number; missed: number }[]> {
      const at = now();
      return repo.patientsWithMissed(deps.db, hospitalIdx, kstInstant(kstDate(at)), at, WATCH_MISSED_TODAY);
    },

    /** Job: doses of every active medication up to the horizon; idempotent, safe with two processes. */
    async generateDoses(): Promise<number> {
      const at = now();
      let created = 0;
      let after = 0;
      for (;;) {
        const { count, last } = await deps.db.transaction(async (tx) => {
          const batch = await repo.lockActive(tx, after, GENERATION_BATCH);
          const count = await repo.insertDosesOfMany(
            tx,
            batch.map((m) => ({ medicationIdx: m.idx, patientIdx: m.patientIdx, times: dueTimes(m, at) })),
          );
          return { count, last: batch.length === GENERATION_BATCH ? batch[batch.length - 1]!.idx : null };
        });
        created += count;
        if (last === null) return created;
        after = last;
      }
    },

    /** Job: pending doses past their window, or whose next dose is due, become MISSED. */
    markMissed(): Promise<number> {
      return repo.markMissed(deps.db, now(), deps.settings.missedAfterMin);
    },

    /**
     * Job: the reminders due now. Each is claimed and recorded as sent before it goes out, so it
     * fires once across passes, restarts and processes. The medication switch off
     * (`/common/alarm`): nothing is sent for it. Quiet hours: it is held until they end and
     * then delivered by `releaseQuietHours` (decision 024).
     */
    async sendReminders(): Promise<number> {
      const at = now();
      const claimed = await repo.claimAlerts(deps.db, at, {
        realertMin: deps.settings.realertMin,
        maxAlerts: 1 + deps.settings.realertMax,
        limit: ALERT_BATCH,
      });
      let sent = 0;
      for (const dose of claimed) {
        const alarm = await repo.alarmSettings(deps.db, dose.patientIdx);
        if (!alarm.medication) continue;
        if (alarm.quietHoursEnabled && inQuietHours(at, alarm.quietHoursStart, alarm.quietHoursEnd)) {
          await repo.holdForQuietHours(deps.db, dose.idx, quietHoursEndAfter(at, alarm.quietHoursEnd));
          continue;
        }
        const again = dose.alertsSent > 1;
        await deps.notifier.notify(dose.patientIdx, {
          kind: 'medication',
          title: again ? '아직 복용 기록이 없어요' : '약 드실 시간입니다',
          body: `${dose.medicationName} ${dose.dosePerIntake}${FORM_UNIT_KO[dose.form]} 복용`,
          deepLink: DEEP_LINK_MAIN,
          data: { doseIdx: dose.idx, alert: dose.alertsSent },
        });
        sent++;
      }
      return sent;
    },

    /**
     * Job: reminders held during quiet hours, once those end: one message per patient for the
     * doses still to be recorded (PENDING, or MISSED meanwhile — a missed dose may still be
     * taken late); taken or skipped ones and stopped medicines say nothing. The release is one
     * locking statement per patient, so two processes deliver it once; a PENDING dose's
     * re-alerts start again from the release.
     */
    async releaseQuietHours(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const patientIdx of await repo.patientsWithHeldReminders(deps.db, at, ALERT_BATCH)) {
        const alarm = await repo.alarmSettings(deps.db, patientIdx);
        if (alarm.quietHoursEnabled && inQuietHours(at, alarm.quietHoursStart, alarm.quietHoursEnd)) {
          await repo.holdAgain(deps.db, patientIdx, at, quietHoursEndAfter(at, alarm.quietHoursEnd));
          continue;
        }
        const released = await repo.releaseHeld(deps.db, patientIdx, at, {
          realertMin: deps.settings.realertMin,
          maxAlerts: 1 + deps.settings.realertMax,
          // Quiet hours turned off meanwhile: everything held goes now.
          all: !alarm.quietHoursEnabled,
        });
        const open = released.filter((d) => d.active && (d.status === 'PENDING' || d.status === 'MISSED'));
        if (!alarm.medication || open.length === 0) continue;
        await deps.notifier.notify(patientIdx, {
          kind: 'medication',
          ...quietHoursSummary(open),
          deepLink: DEEP_LINK_MAIN,
          data: { doseIdx: open[0]!.idx, held: open.length },
        });
        sent++;
      }
      return sent;
    },

    /** Account deletion (PIPA Art. 21): every medication and dose. */
    erasePatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
      return repo.eraseOfPatient(tx, patientIdx);
    },
  };
}

export type MedicationService = ReturnType<typeof createMedicationService>;
