import type {
  CareNote,
  HomeCareSettings,
  PatientSummaryQuery,
  SaveNoteBody,
  VitalSignAlert,
  WatchGroup,
  WatchList,
  WatchListQuery,
  WatchPatientPage,
  WatchReading,
} from '@smartcare/contract/home-care-watch';
import { topics } from '@smartcare/contract/topics';
import {
  classify,
  judgeAgainstTarget,
  VITAL_SIGN_KINDS,
  type VitalSignSummary,
} from '@smartcare/contract/vital-signs';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { PeopleService } from '../people/people.service.ts';
import { vitalSignRepository, type StoredReading } from './vital-signs.repository.ts';
import type { VitalSignService } from './vital-signs.service.ts';
import {
  watchRepository as repo,
  type LatestValues,
  type TargetValues,
} from './vital-signs.watch.repository.ts';

export interface HomeCareWatchDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'staff'>;
  audit: Pick<Audit, 'record'>;
  publisher: { publish(topic: string, payload: unknown): Promise<void> };
  vitalSigns: Pick<VitalSignService, 'summary'>;
  /** issue 15: today's missed doses per patient of the hospital (the medication service's). */
  missedDoses?: (hospitalIdx: number) => Promise<{ patientIdx: number; missed: number }[]>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const GROUPS: readonly WatchGroup[] = ['OUT_OF_RANGE', 'MISSED_DOSES', 'STALE', 'OK'];
const kindOrder = (kind: string) => VITAL_SIGN_KINDS.indexOf(kind as (typeof VITAL_SIGN_KINDS)[number]);

/** `%` and `_` typed in a name are letters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A reading with its guideline class and the patient's target verdict, newest kinds in contract order. */
function presentLatest(latest: LatestValues[], targets: TargetValues[]): WatchReading[] {
  return [...latest]
    .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind))
    .map((reading) => {
      const stored = {
        kind: reading.kind,
        value: reading.value,
        value2: reading.value2,
        context: reading.context,
      };
      const target = targets.find((t) => t.kind === reading.kind);
      return {
        idx: reading.idx,
        kind: reading.kind,
        value: reading.value,
        value2: reading.value2,
        unit: reading.ucum,
        context: reading.context,
        effectiveAt: reading.effectiveAt.toISOString(),
        judgement: classify(stored),
        target: target ? judgeAgainstTarget(stored, target) : null,
      };
    });
}

/**
 * The home-care nurse's side of vital signs (issue 13 "Staff console"; decision 021): the
 * watch list, a patient's page, notes, the stale-days setting, and urgent alerts.
 */
export function createHomeCareWatchService(deps: HomeCareWatchDeps) {
  const now = deps.now ?? (() => new Date());

  async function staffOf(staffIdx: number) {
    const staff = await deps.people.staff(staffIdx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return staff;
  }

  /** The staff member, and the patient only when a home-care patient of their hospital. */
  async function staffAndPatient(staffIdx: number, patientIdx: number) {
    const staff = await staffOf(staffIdx);
    const patient = await repo.patient(deps.db, patientIdx);
    // Another hospital's patient (or not in home care): as if there were none, audited with the patient.
    if (!patient || !patient.homeCare || patient.chosenHospitalIdx !== staff.hospitalIdx)
      throw new AccessRefused(patient ? patientIdx : null, 'NOT_FOUND');
    return { staff, patient };
  }

  async function publishAlert(event: 'new' | 'acknowledged', alert: VitalSignAlert) {
    await deps.publisher.publish(topics.homeCareAlert(alert.hospitalIdx), { event, alert });
  }

  const service = {
    /**
     * The hospital's home-care patients: out of range in the last 24 h first, then no reading
     * for N days, then the rest; searchable by name, paged. Each listed patient is audited.
     */
    async watchList(staffIdx: number, query: WatchListQuery): Promise<WatchList> {
      const staff = await staffOf(staffIdx);
      const at = now();
      const missed = (await deps.missedDoses?.(staff.hospitalIdx)) ?? [];
      const rows = await repo.watchList(deps.db, staff.hospitalIdx, {
        namePattern: query.q ? likePattern(query.q) : null,
        now: at,
        limit: query.pSize,
        offset: (query.pNum - 1) * query.pSize,
        missed,
      });
      await Promise.all(
        rows.map((row) =>
          deps.audit.record({
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'homeCare.watchList.read',
            patientIdx: row.patientIdx,
          }),
        ),
      );
      const staleDays = rows[0]?.staleDays ?? (await repo.staleDays(deps.db, staff.hospitalIdx));
      return {
        dataList: rows.map((row) => ({
          patientIdx: row.patientIdx,
          name: row.name,
          birthDate: row.birthDate,
          sex: row.sex,
          group: GROUPS[row.grp]!,
          outOfRangeCount: row.outOfRangeCount,
          lastReadingAt: row.lastReadingAt?.toISOString() ?? null,
          daysSinceLast:
            row.lastReadingAt === null
              ? null
              : Math.max(0, Math.floor((at.getTime() - row.lastReadingAt.getTime()) / DAY_MS)),
          openAlertCount: row.openAlertCount,
          missedDosesToday: row.missedDosesToday,
          latest: presentLatest(row.latest, row.targets),
        })),
        totalCount: rows[0]?.total ?? 0,
        pNum: query.pNum,
        pSize: query.pSize,
        staleDays,
      };
    },

    /** The patient's page: latest readings, targets, the note and the alerts. */
    async patientPage(staffIdx: number, patientIdx: number): Promise<WatchPatientPage> {
      const { staff, patient } = await staffAndPatient(staffIdx, patientIdx);
      const [latest, targets, note, alerts, staleDays] = await Promise.all([
        repo.latest(deps.db, patientIdx, now()),
        vitalSignRepository.targets(deps.db, patientIdx),
        repo.note(deps.db, patientIdx, staff.hospitalIdx),
        repo.patientAlerts(deps.db, staff.hospitalIdx, patientIdx),
        repo.staleDays(deps.db, staff.hospitalIdx),
      ]);
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action: 'homeCare.patient.read',
        patientIdx,
      });
      const newest = latest.reduce<Date | null>(
        (max, r) => (max === null || r.effectiveAt > max ? r.effectiveAt : max),
        null,
      );
      return {
        patientIdx,
        name: patient.name,
        birthDate: patient.birthDate,
        sex: patient.sex,
        latest: presentLatest(latest, targets),
        targets,
        note,
        alerts,
        staleDays,
        lastReadingAt: newest?.toISOString() ?? null,
      };
    },

    /** A chart of one kind over a period: the patient's own summary logic, audited as the nurse. */
    async patientSummary(staffIdx: number, query: PatientSummaryQuery): Promise<VitalSignSummary> {
      const { staff } = await staffAndPatient(staffIdx, query.patientIdx);
      const { patientIdx, ...range } = query;
      return deps.vitalSigns.summary(patientIdx, range, { actorType: 'staff', actorIdx: staff.idx });
    },

    /** The nurse's note: replaced as a whole, with who wrote it and when. */
    async saveNote(staffIdx: number, body: SaveNoteBody): Promise<CareNote> {
      const { staff } = await staffAndPatient(staffIdx, body.patientIdx);
      return deps.db.transaction(async (tx) => {
        const note = await repo.saveNote(tx, body.patientIdx, body.text, staff, now());
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'homeCare.note.save',
            patientIdx: body.patientIdx,
            detail: { length: body.text.length },
          },
          tx,
        );
        return note;
      });
    },

    async settings(staffIdx: number): Promise<HomeCareSettings> {
      const staff = await staffOf(staffIdx);
      return { staleDays: await repo.staleDays(deps.db, staff.hospitalIdx) };
    },

    /** The hospital's N of "no reading for N days" (any staff member of the hospital). */
    async setStaleDays(staffIdx: number, staleDays: number): Promise<HomeCareSettings> {
      const staff = await staffOf(staffIdx);
      await deps.db.transaction(async (tx) => {
        await repo.setStaleDays(tx, staff.hospitalIdx, staleDays, staff.idx);
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'homeCare.settings.update',
            patientIdx: null,
            detail: { staleDays },
          },
          tx,
        );
      });
      return { staleDays };
    },

    async openAlerts(staffIdx: number): Promise<VitalSignAlert[]> {
      const staff = await staffOf(staffIdx);
      return repo.openAlerts(deps.db, staff.hospitalIdx);
    },

    /** One click: who and when, published so colleagues' consoles clear the alert at once. */
    async acknowledgeAlert(staffIdx: number, alertIdx: number): Promise<VitalSignAlert> {
      const staff = await staffOf(staffIdx);
      const found = await repo.findAlert(deps.db, alertIdx);
      if (!found) throw new DomainError('NOT_FOUND');
      if (found.hospitalIdx !== staff.hospitalIdx) throw new AccessRefused(found.patientIdx, 'NOT_FOUND');
      const acknowledged = await deps.db.transaction(async (tx) => {
        const updated = await repo.acknowledge(tx, alertIdx, staff, now());
        if (!updated) return null;
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'homeCare.alert.acknowledge',
            patientIdx: updated.patientIdx,
            detail: { alertIdx },
          },
          tx,
        );
        return updated;
      });
      if (!acknowledged)
        throw new DomainError('HOME_CARE_ALERT_ACKNOWLEDGED', {
          alert: await repo.findAlert(deps.db, alertIdx),
        });
      await publishAlert('acknowledged', acknowledged).catch(() => undefined);
      return acknowledged;
    },

    /**
     * Called by the vital-sign service inside the transaction that stored a patient's readings:
     * every urgent one becomes an alert for the staff of the patient's hospital (home-care
     * patients only); the returned step publishes them once committed.
     */
    async onRecorded(
      tx: SqlQueryable,
      patientIdx: number,
      readings: StoredReading[],
    ): Promise<(() => Promise<void>) | null> {
      const urgent = readings
        .map((reading) => ({ reading, judgement: classify(reading) }))
        .filter(({ judgement }) => judgement?.urgent === true);
      if (urgent.length === 0) return null;
      const patient = await repo.patient(tx, patientIdx);
      if (!patient?.homeCare || patient.chosenHospitalIdx === null) return null;
      const hospitalIdx = patient.chosenHospitalIdx;
      const alerts: VitalSignAlert[] = [];
      for (const { reading, judgement } of urgent) {
        alerts.push(
          await repo.insertAlert(tx, {
            hospitalIdx,
            patientIdx,
            readingIdx: reading.idx,
            kind: reading.kind,
            value: reading.value,
            value2: reading.value2,
            ucum: reading.ucum,
            context: reading.context,
            class: judgement!.class,
            effectiveAt: reading.effectiveAt,
          }),
        );
      }
      return async () => {
        for (const alert of alerts) await publishAlert('new', alert);
      };
    },

    /**
     * Records the phone just imported: urgent ones measured in the last 24 h alert like typed
     * ones (a first sync of a month of history must not ring for last week's readings).
     */
    async onImported(
      tx: SqlQueryable,
      patientIdx: number,
      source: string,
      sourceRecordIds: string[],
    ): Promise<(() => Promise<void>) | null> {
      const since = new Date(now().getTime() - DAY_MS);
      const readings = (await repo.importedReadings(tx, patientIdx, source, sourceRecordIds)).filter(
        (reading) => reading.effectiveAt >= since,
      );
      return readings.length > 0 ? service.onRecorded(tx, patientIdx, readings) : null;
    },

    /** Account deletion: alerts hold copies of the patient's own readings. */
    async erasePatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
      await repo.eraseAlertsOfPatient(tx, patientIdx);
    },
  };
  return service;
}

export type HomeCareWatchService = ReturnType<typeof createHomeCareWatchService>;
