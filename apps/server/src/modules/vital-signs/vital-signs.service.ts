import type { Page } from '@smartcare/contract/paging';
import type { AppLocale } from '@smartcare/contract/result-codes';
import {
  classify,
  diastolicMessage,
  diastolicNotBelowSystolic,
  futureTimeMessage,
  impossibleFields,
  impossibleValueMessage,
  judgeAgainstTarget,
  loincOf,
  SERIES_MAX_POINTS,
  sleepMinutes,
  sleepTimesMessage,
  UCUM,
  VITAL_SIGN_KINDS,
  bmiOf,
  isBodyMeasureKind,
  type Dashboard,
  type ImportBatchBody,
  type ReadingsQuery,
  type RecordResult,
  type SetTargetBody,
  type SummaryQuery,
  type TargetKind,
  type VitalSign,
  type VitalSignInput,
  type VitalSignKind,
  type VitalSignSummary,
  type VitalSignTarget,
} from '@smartcare/contract/vital-signs';
import { AccessRefused, DomainError, FieldValidationError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { PeopleService } from '../people/people.service.ts';
import {
  KST_OFFSET_S,
  vitalSignRepository as repo,
  type ReadingValues,
  type StoredReading,
  type TimeRange,
} from './vital-signs.repository.ts';

export interface VitalSignServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'patient' | 'staff'>;
  audit: Pick<Audit, 'record'>;
  now?: () => Date;
  /**
   * Issue 13 (staff side): told of the readings a patient just recorded, inside the same
   * transaction; what it returns runs after the commit (the urgent alerts' publish).
   */
  onRecorded?: (
    tx: SqlQueryable,
    patientIdx: number,
    readings: StoredReading[],
  ) => Promise<(() => Promise<void>) | null>;
  /** The same for records newly imported from the phone, named by their source record ids. */
  onImported?: (
    tx: SqlQueryable,
    patientIdx: number,
    source: ImportBatchBody['source'],
    sourceRecordIds: string[],
  ) => Promise<(() => Promise<void>) | null>;
}

/** A clock a little ahead of the server's is not the future (phones drift). */
const CLOCK_SKEW_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
/** Chart buckets to choose from, shortest first: an hour up to a month. */
const BUCKET_SECONDS = [3600, 3 * 3600, 6 * 3600, 12 * 3600, 86_400, 7 * 86_400, 30 * 86_400];
/** The longest period a summary covers (a little over five years of charts). */
const SUMMARY_MAX_DAYS = 6 * 366;
/** More readings than ten years of four a day for every kind: $everything is never cut short in practice. */
const EVERYTHING_MAX = 200_000;

interface FieldMessage {
  field: string;
  message: string;
}

/** Refused readings say which field and why, in the caller's language; nothing is stored. */
const refused = (fields: FieldMessage[]) => new DomainError('VITAL_SIGN_IMPOSSIBLE', { fields });

/** Start of the Korean calendar day `at` falls in. */
function kstDayStart(at: Date): Date {
  const shifted = at.getTime() + KST_OFFSET_S * 1000;
  return new Date(shifted - (shifted % DAY_MS) - KST_OFFSET_S * 1000);
}

/**
 * Checks an input and turns it into what is stored, or lists the fields that no person can
 * show (`prefix` names where the input sits in the body, e.g. `records.3.reading.`).
 */
export function toStoredValues(
  input: VitalSignInput,
  now: Date,
  locale: AppLocale,
  prefix = '',
): { values: ReadingValues; pulse: number | null } | { fields: FieldMessage[] } {
  const fields: FieldMessage[] = impossibleFields(input).map(({ field }) => ({
    field: `${prefix}${field}`,
    message: impossibleValueMessage(locale, field),
  }));
  if (input.kind === 'SLEEP' && !input.bedAt && input.durationMin === undefined) {
    fields.splice(0, fields.length, { field: `${prefix}durationMin`, message: sleepTimesMessage[locale] });
  }
  if (diastolicNotBelowSystolic(input) && fields.length === 0)
    fields.push({ field: `${prefix}diastolic`, message: diastolicMessage[locale] });
  const timeField = input.kind === 'SLEEP' ? 'wakeAt' : 'effectiveAt';
  const at = new Date(input.kind === 'SLEEP' ? input.wakeAt : (input.effectiveAt ?? now));
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS)
    fields.push({ field: `${prefix}${timeField}`, message: futureTimeMessage[locale] });
  if (fields.length > 0) return { fields };

  const base = { kind: input.kind, loinc: loincOf(input.kind), ucum: UCUM[input.kind], effectiveEnd: null };
  switch (input.kind) {
    case 'TEMPERATURE':
      return {
        values: {
          ...base,
          value: Math.round(input.temperatureC * 10) / 10,
          value2: null,
          context: input.site,
          effectiveAt: at,
        },
        pulse: null,
      };
    case 'BLOOD_PRESSURE':
      return {
        values: { ...base, value: input.systolic, value2: input.diastolic, context: null, effectiveAt: at },
        pulse: input.pulse ?? null,
      };
    case 'HEART_RATE':
      return {
        values: { ...base, value: input.bpm, value2: null, context: null, effectiveAt: at },
        pulse: null,
      };
    case 'SPO2':
      return {
        values: { ...base, value: input.percent, value2: null, context: null, effectiveAt: at },
        pulse: null,
      };
    case 'BLOOD_GLUCOSE':
      return {
        values: {
          ...base,
          loinc: loincOf('BLOOD_GLUCOSE', input.timing),
          value: input.mgdl,
          value2: null,
          context: input.timing,
          effectiveAt: at,
        },
        pulse: null,
      };
    case 'SLEEP': {
      const minutes = sleepMinutes(input)!;
      return {
        values: {
          ...base,
          value: minutes,
          value2: null,
          context: input.quality ?? null,
          effectiveAt: new Date(at.getTime() - minutes * 60_000),
          effectiveEnd: at,
        },
        pulse: null,
      };
    }
    case 'STEPS': {
      // Steps count per Korean calendar day.
      const day = kstDayStart(at);
      return {
        values: {
          ...base,
          value: Math.round(input.steps),
          value2: null,
          context: null,
          effectiveAt: day,
          effectiveEnd: new Date(day.getTime() + DAY_MS),
        },
        pulse: null,
      };
    }
    case 'EXERCISE':
      return {
        values: {
          ...base,
          value: input.durationMin,
          value2: input.kcal ?? null,
          context: input.activity,
          effectiveAt: at,
          effectiveEnd: new Date(at.getTime() + input.durationMin * 60_000),
        },
        pulse: null,
      };
  }
}

const heartRateOf = (bp: ReadingValues, pulse: number): ReadingValues => ({
  kind: 'HEART_RATE',
  loinc: loincOf('HEART_RATE'),
  ucum: UCUM.HEART_RATE,
  value: pulse,
  value2: null,
  context: null,
  effectiveAt: bp.effectiveAt,
  effectiveEnd: null,
});

/** The dashboard's kinds: body measures have their own screen (body information). */
const DASHBOARD_KINDS = VITAL_SIGN_KINDS.filter((kind) => !isBodyMeasureKind(kind));

/** Readings the patient typed themselves; a cuff's pulse changes with its blood pressure. */
const isEditableBy = (reading: StoredReading, patientIdx: number) =>
  // Body measures change on the body-information screen, as a new measurement.
  !isBodyMeasureKind(reading.kind) &&
  reading.source === 'MANUAL' &&
  reading.enteredByType === 'patient' &&
  reading.enteredByIdx === patientIdx &&
  reading.pairedWithIdx === null;

/** The bucket width that keeps a period's chart within SERIES_MAX_POINTS points. */
export function bucketSecondsFor(from: Date, to: Date): number {
  const span = (to.getTime() - from.getTime()) / 1000;
  return BUCKET_SECONDS.find((width) => span / width <= SERIES_MAX_POINTS) ?? BUCKET_SECONDS.at(-1)!;
}

/** Who calls the FHIR API: the same bearer tokens as the apps. */
export interface FhirCaller {
  principal: 'patient' | 'staff';
  idx: number;
}

/** What a FHIR Observation search asks for, already parsed from its parameters. */
export interface ObservationSearch {
  /** Null: the calling patient themselves (staff must name a patient). */
  patientIdx: number | null;
  kinds: readonly VitalSignKind[];
  loincs?: readonly string[] | undefined;
  range: TimeRange;
  count: number;
  offset: number;
  newestFirst: boolean;
}

export function createVitalSignService(deps: VitalSignServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function livePatient(patientIdx: number) {
    const patient = await deps.people.patient(patientIdx);
    if (!patient) throw new DomainError('NOT_LOGGED_IN');
    return patient;
  }

  /** The staff member, and the patient only when the patient belongs to their hospital. */
  async function staffAndPatient(staffIdx: number, patientIdx: number) {
    const staff = await deps.people.staff(staffIdx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    const patient = await deps.people.patient(patientIdx);
    // Another hospital's patient: as if there were none, but audited with the patient.
    if (!patient || patient.chosenHospitalIdx !== staff.hospitalIdx)
      throw new AccessRefused(patient ? patientIdx : null, 'NOT_FOUND');
    return { staff, patient };
  }

  async function targetsOf(db: Pick<SqlQueryable, 'query'>, patientIdx: number) {
    return new Map(
      (await repo.targets(db, patientIdx)).map((target) => [target.kind as VitalSignKind, target]),
    );
  }

  function present(
    reading: StoredReading,
    patientIdx: number,
    targets: Map<VitalSignKind, VitalSignTarget>,
  ): VitalSign {
    const target = targets.get(reading.kind);
    return {
      idx: reading.idx,
      kind: reading.kind,
      loinc: reading.loinc,
      value: reading.value,
      value2: reading.value2,
      unit: reading.ucum,
      context: reading.context,
      effectiveAt: reading.effectiveAt.toISOString(),
      effectiveEnd: reading.effectiveEnd?.toISOString() ?? null,
      source: reading.source,
      editable: isEditableBy(reading, patientIdx),
      judgement: classify(reading),
      target: target ? judgeAgainstTarget(reading, target) : null,
    };
  }

  const readAudit = (patientIdx: number, action: string, detail: Record<string, unknown>) =>
    deps.audit.record({ actorType: 'patient', actorIdx: patientIdx, action, patientIdx, detail });

  function rangeOf(query: { from?: string | undefined; to?: string | undefined }): TimeRange {
    return {
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    };
  }

  async function ownReading(tx: SqlQueryable, patientIdx: number, idx: number) {
    const reading = await repo.find(tx, idx, true);
    if (!reading) throw new DomainError('NOT_FOUND');
    if (reading.patientIdx !== patientIdx) throw new AccessRefused(reading.patientIdx, 'NOT_FOUND');
    if (!isEditableBy(reading, patientIdx)) throw new DomainError('VITAL_SIGN_NOT_EDITABLE');
    return reading;
  }

  /**
   * The patient a FHIR caller may read: themselves, or (staff) a patient of their hospital.
   * Anyone else is refused as if absent, and the refusal audited with that patient.
   */
  async function readablePatient(caller: FhirCaller, patientIdx: number) {
    if (caller.principal === 'patient') {
      if (caller.idx !== patientIdx) throw new AccessRefused(patientIdx, 'NOT_FOUND');
      return livePatient(patientIdx);
    }
    return (await staffAndPatient(caller.idx, patientIdx)).patient;
  }

  const fhirAudit = (
    caller: FhirCaller,
    patientIdx: number,
    action: string,
    detail: Record<string, unknown>,
  ) => deps.audit.record({ actorType: caller.principal, actorIdx: caller.idx, action, patientIdx, detail });

  return {
    /** FHIR `Patient/{id}`. */
    async fhirPatient(caller: FhirCaller, patientIdx: number) {
      const patient = await readablePatient(caller, patientIdx);
      await fhirAudit(caller, patientIdx, 'fhir.patient.read', {});
      return { ...patient, ...(await repo.demographics(deps.db, patientIdx)) };
    },

    /** FHIR Observation search: one patient's readings, whatever else the query says. */
    async fhirSearch(caller: FhirCaller, search: ObservationSearch) {
      const patientIdx = search.patientIdx ?? (caller.principal === 'patient' ? caller.idx : null);
      if (patientIdx === null) throw new FieldValidationError([{ field: 'patient', message: 'required' }]);
      await readablePatient(caller, patientIdx);
      const page = await repo.listForPatient(
        deps.db,
        patientIdx,
        { kinds: search.kinds, loincs: search.loincs },
        search.range,
        search.count,
        search.offset,
        search.newestFirst,
      );
      await fhirAudit(caller, patientIdx, 'fhir.observation.search', { count: page.rows.length });
      return { patientIdx, ...page };
    },

    /** FHIR `Observation/{id}`: absent unless the caller may read its patient. */
    async fhirObservation(caller: FhirCaller, idx: number): Promise<StoredReading> {
      const reading = await repo.find(deps.db, idx);
      if (!reading) throw new DomainError('NOT_FOUND');
      await readablePatient(caller, reading.patientIdx);
      await fhirAudit(caller, reading.patientIdx, 'fhir.observation.read', { idx });
      return reading;
    },

    /** FHIR `Patient/{id}/$everything`: the patient and every reading, oldest first (a copy of their data). */
    async fhirEverything(caller: FhirCaller, patientIdx: number) {
      const patient = await readablePatient(caller, patientIdx);
      const { rows } = await repo.listForPatient(
        deps.db,
        patientIdx,
        { kinds: VITAL_SIGN_KINDS },
        {},
        EVERYTHING_MAX,
        0,
        false,
      );
      await fhirAudit(caller, patientIdx, 'fhir.patient.everything', { count: rows.length });
      return { patient: { ...patient, ...(await repo.demographics(deps.db, patientIdx)) }, readings: rows };
    },

    /**
     * A reading the patient typed. Impossible values and future times are refused with a
     * message per field and nothing stored; a cuff's pulse is also stored as a heart rate.
     */
    async record(patientIdx: number, input: VitalSignInput, locale: AppLocale): Promise<RecordResult> {
      await livePatient(patientIdx);
      const checked = toStoredValues(input, now(), locale);
      if ('fields' in checked) throw refused(checked.fields);
      const entered = {
        patientIdx,
        source: 'MANUAL' as const,
        sourceRecordId: null,
        enteredByType: 'patient' as const,
        enteredByIdx: patientIdx,
      };
      const { saved, targets, afterCommit } = await deps.db.transaction(async (tx) => {
        const main = await repo.insert(tx, { ...checked.values, ...entered, pairedWithIdx: null });
        const saved = [main];
        if (checked.pulse !== null)
          saved.push(
            await repo.insert(tx, {
              ...heartRateOf(checked.values, checked.pulse),
              ...entered,
              pairedWithIdx: main.idx,
            }),
          );
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'vitalSign.create',
            patientIdx,
            detail: { idxs: saved.map((r) => r.idx), kind: input.kind },
          },
          tx,
        );
        const afterCommit = (await deps.onRecorded?.(tx, patientIdx, saved)) ?? null;
        return { saved, targets: await targetsOf(tx, patientIdx), afterCommit };
      });
      // The reading is stored whatever happens to the live alert (staff also list open alerts).
      await afterCommit?.().catch(() => undefined);
      return { readings: saved.map((reading) => present(reading, patientIdx, targets)) };
    },

    /** One page of the patient's readings of a kind, newest first. */
    async readings(patientIdx: number, query: ReadingsQuery): Promise<Page<VitalSign>> {
      const { rows, total } = await repo.page(
        deps.db,
        patientIdx,
        query.kind,
        rangeOf(query),
        query.pSize,
        (query.pNum - 1) * query.pSize,
      );
      const targets = await targetsOf(deps.db, patientIdx);
      await readAudit(patientIdx, 'vitalSign.read', { kind: query.kind, count: rows.length });
      return {
        dataList: rows.map((row) => present(row, patientIdx, targets)),
        totalCount: total,
        pNum: query.pNum,
        pSize: query.pSize,
      };
    },

    /** The patient corrects a reading they typed; the kind stays the same. */
    async update(
      patientIdx: number,
      idx: number,
      input: VitalSignInput,
      locale: AppLocale,
    ): Promise<RecordResult> {
      const checked = toStoredValues(input, now(), locale, 'reading.');
      if ('fields' in checked) throw refused(checked.fields);
      const { saved, targets } = await deps.db.transaction(async (tx) => {
        const reading = await ownReading(tx, patientIdx, idx);
        if (reading.kind !== input.kind)
          throw new FieldValidationError([{ field: 'reading.kind', message: 'invalid' }]);
        const saved = [await repo.update(tx, idx, checked.values)];
        const paired = await repo.findPaired(tx, idx);
        if (checked.pulse === null && paired) await repo.delete(tx, paired.idx);
        else if (checked.pulse !== null && paired)
          saved.push(await repo.update(tx, paired.idx, heartRateOf(checked.values, checked.pulse)));
        else if (checked.pulse !== null)
          saved.push(
            await repo.insert(tx, {
              ...heartRateOf(checked.values, checked.pulse),
              patientIdx,
              source: 'MANUAL',
              sourceRecordId: null,
              enteredByType: 'patient',
              enteredByIdx: patientIdx,
              pairedWithIdx: idx,
            }),
          );
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'vitalSign.update',
            patientIdx,
            detail: { idxs: saved.map((r) => r.idx), kind: input.kind },
          },
          tx,
        );
        return { saved, targets: await targetsOf(tx, patientIdx) };
      });
      return { readings: saved.map((reading) => present(reading, patientIdx, targets)) };
    },

    async delete(patientIdx: number, idx: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const reading = await ownReading(tx, patientIdx, idx);
        await repo.delete(tx, idx);
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'vitalSign.delete',
            patientIdx,
            detail: { idx, kind: reading.kind },
          },
          tx,
        );
      });
    },

    /**
     * Averages and counts for a period with its chart series: every reading when few, else
     * averages per bucket (an hour to a month) so a year answers in a few hundred points.
     */
    async summary(
      patientIdx: number,
      query: SummaryQuery,
      /** A nurse reading the patient's charts (issue 13 staff side) is audited as themselves. */
      reader?: { actorType: 'staff'; actorIdx: number },
    ): Promise<VitalSignSummary> {
      const from = new Date(query.from);
      const to = new Date(query.to);
      if (!(to > from) || to.getTime() - from.getTime() > SUMMARY_MAX_DAYS * DAY_MS)
        throw new FieldValidationError([{ field: 'to', message: 'invalid' }]);
      const range = { from, to };
      // One grouped scan gives the chart and the totals; a short period then shows every reading.
      let bucketSeconds = bucketSecondsFor(from, to);
      const buckets = await repo.buckets(deps.db, patientIdx, query.kind, range, bucketSeconds);
      const count = buckets.reduce((n, b) => n + b.count, 0);
      const count2 = buckets.reduce((n, b) => n + b.count2, 0);
      const total = {
        count,
        average: count > 0 ? buckets.reduce((s, b) => s + b.sum, 0) / count : null,
        average2: count2 > 0 ? buckets.reduce((s, b) => s + b.sum2, 0) / count2 : null,
        min: count > 0 ? Math.min(...buckets.map((b) => b.min)) : null,
        max: count > 0 ? Math.max(...buckets.map((b) => b.max)) : null,
      };
      let series: VitalSignSummary['series'];
      if (count <= SERIES_MAX_POINTS) {
        bucketSeconds = 0;
        series = (await repo.series(deps.db, patientIdx, query.kind, range)).map((r) => ({
          at: r.effectiveAt.toISOString(),
          value: r.value,
          value2: r.value2,
          min: r.value,
          max: r.value,
          count: 1,
        }));
      } else {
        series = buckets.map(({ at, value, value2, min, max, count: n }) => ({
          at: at.toISOString(),
          value,
          value2,
          min,
          max,
          count: n,
        }));
      }
      const detail = { kind: query.kind, count: total.count };
      if (reader)
        await deps.audit.record({ ...reader, action: 'vitalSign.summary.read', patientIdx, detail });
      else await readAudit(patientIdx, 'vitalSign.summary.read', detail);
      return {
        kind: query.kind,
        from: from.toISOString(),
        to: to.toISOString(),
        ...total,
        bucketSeconds,
        series,
      };
    },

    /**
     * Height and weight saved on the body-information screen, kept as Observations too (issue
     * 13; LOINC 8302-2, 29463-7, 39156-5): a new row only when a value changed, the weight
     * with the BMI of its moment in value2, and a BMI row whenever either changed and both
     * are known. Runs inside the caller's transaction (`tx`), so both saves land or neither.
     * The caller's audit entry for the save covers these rows.
     */
    async recordBodyMeasures(
      tx: SqlQueryable,
      patientIdx: number,
      measures: { heightCm: number | null; weightKg: number | null },
    ): Promise<VitalSign[]> {
      const latest = await repo.latestPerKind(tx, patientIdx, ['BODY_HEIGHT', 'BODY_WEIGHT']);
      const last = (kind: VitalSignKind) => latest.find((r) => r.kind === kind)?.value ?? null;
      const { heightCm, weightKg } = measures;
      const heightChanged = heightCm !== null && heightCm !== last('BODY_HEIGHT');
      const weightChanged = weightKg !== null && weightKg !== last('BODY_WEIGHT');
      if (!heightChanged && !weightChanged) return [];
      const at = now();
      const bmi = heightCm !== null && weightKg !== null ? bmiOf(weightKg, heightCm) : null;
      const insert = (kind: VitalSignKind, value: number, value2: number | null = null) =>
        repo.insert(tx, {
          kind,
          loinc: loincOf(kind),
          value,
          value2,
          ucum: UCUM[kind],
          context: null,
          effectiveAt: at,
          effectiveEnd: null,
          patientIdx,
          source: 'MANUAL',
          sourceRecordId: null,
          enteredByType: 'patient',
          enteredByIdx: patientIdx,
          pairedWithIdx: null,
        });
      const saved: StoredReading[] = [];
      if (heightChanged) saved.push(await insert('BODY_HEIGHT', heightCm));
      if (weightChanged) saved.push(await insert('BODY_WEIGHT', weightKg, bmi));
      if (bmi !== null) saved.push(await insert('BMI', bmi));
      // Audited by the caller's one entry for the save (patient.update, part bodyInfo): one call, one entry.
      return saved.map((reading) => present(reading, patientIdx, new Map()));
    },

    /** The latest reading of every kind with its class, and the last 7 Korean days' averages. */
    async dashboard(patientIdx: number): Promise<Dashboard> {
      const weekStart = new Date(kstDayStart(now()).getTime() - 6 * DAY_MS);
      const [latest, days, targets] = await Promise.all([
        repo.latestPerKind(deps.db, patientIdx, DASHBOARD_KINDS),
        repo.dailyAverages(deps.db, patientIdx, weekStart),
        targetsOf(deps.db, patientIdx),
      ]);
      await readAudit(patientIdx, 'vitalSign.dashboard.read', { kinds: latest.map((r) => r.kind) });
      return {
        kinds: DASHBOARD_KINDS.map((kind) => {
          const newest = latest.find((r) => r.kind === kind);
          return {
            kind,
            latest: newest ? present(newest, patientIdx, targets) : null,
            week: days
              .filter((d) => d.kind === kind)
              .map(({ day, value, value2 }) => ({ day, value, value2 })),
          };
        }),
      };
    },

    /**
     * Records from the phone's health platform (docs/native-bridge.md), once per source record
     * id. One impossible record refuses the whole batch, naming it; nothing is stored then.
     */
    async importBatch(patientIdx: number, body: ImportBatchBody, locale: AppLocale) {
      await livePatient(patientIdx);
      const at = now();
      const fields: FieldMessage[] = [];
      const values: { sourceRecordId: string; values: ReadingValues }[] = [];
      body.records.forEach((record, i) => {
        const checked = toStoredValues(record.reading, at, locale, `records.${i}.reading.`);
        if ('fields' in checked) fields.push(...checked.fields);
        else values.push({ sourceRecordId: record.sourceRecordId, values: checked.values });
      });
      if (fields.length > 0) throw refused(fields);
      const { counts, afterCommit } = await deps.db.transaction(async (tx) => {
        const counts = { inserted: 0, updated: 0, unchanged: 0 };
        const inserted: string[] = [];
        for (const record of values) {
          const outcome = await repo.upsertImported(tx, {
            ...record.values,
            patientIdx,
            source: body.source,
            sourceRecordId: record.sourceRecordId,
            enteredByType: 'device',
            enteredByIdx: null,
            pairedWithIdx: null,
          });
          counts[outcome] += 1;
          if (outcome === 'inserted') inserted.push(record.sourceRecordId);
        }
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'vitalSign.import',
            patientIdx,
            detail: { source: body.source, ...counts },
          },
          tx,
        );
        const afterCommit =
          inserted.length > 0
            ? ((await deps.onImported?.(tx, patientIdx, body.source, inserted)) ?? null)
            : null;
        return { counts, afterCommit };
      });
      await afterCommit?.().catch(() => undefined);
      return counts;
    },

    async myTargets(patientIdx: number): Promise<VitalSignTarget[]> {
      return repo.targets(deps.db, patientIdx);
    },

    async patientTargets(staffIdx: number, patientIdx: number): Promise<VitalSignTarget[]> {
      const { staff } = await staffAndPatient(staffIdx, patientIdx);
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action: 'vitalSign.target.read',
        patientIdx,
      });
      return repo.targets(deps.db, patientIdx);
    },

    /** A nurse of the patient's hospital sets a personal target; the patient's screens judge by it. */
    async setTarget(staffIdx: number, body: SetTargetBody): Promise<VitalSignTarget[]> {
      const { staff } = await staffAndPatient(staffIdx, body.patientIdx);
      if (body.kind !== 'BLOOD_PRESSURE' && body.high2 !== undefined && body.high2 !== null)
        throw new FieldValidationError([{ field: 'high2', message: 'invalid' }]);
      return deps.db.transaction(async (tx) => {
        await repo.setTarget(
          tx,
          body.patientIdx,
          { kind: body.kind, low: body.low, high: body.high, high2: body.high2 ?? null },
          staff,
        );
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'vitalSign.target.set',
            patientIdx: body.patientIdx,
            detail: { kind: body.kind },
          },
          tx,
        );
        return repo.targets(tx, body.patientIdx);
      });
    },

    async clearTarget(staffIdx: number, patientIdx: number, kind: TargetKind): Promise<VitalSignTarget[]> {
      const { staff } = await staffAndPatient(staffIdx, patientIdx);
      return deps.db.transaction(async (tx) => {
        await repo.clearTarget(tx, patientIdx, kind);
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'vitalSign.target.clear',
            patientIdx,
            detail: { kind },
          },
          tx,
        );
        return repo.targets(tx, patientIdx);
      });
    },
  };
}

export type VitalSignService = ReturnType<typeof createVitalSignService>;
