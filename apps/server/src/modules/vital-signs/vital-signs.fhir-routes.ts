import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import { INT4_MAX } from '@smartcare/contract/safe-input';
import { LOINC, loincOf, VITAL_SIGN_KINDS, type VitalSignKind } from '@smartcare/contract/vital-signs';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import {
  capabilityStatement,
  FHIR_CATEGORY,
  FHIR_CONTENT_TYPE,
  observationOf,
  operationOutcome,
  patientResource,
  type FhirCategory,
  type IssueCode,
} from './vital-signs.fhir.ts';
import type { ObservationSearch, VitalSignService } from './vital-signs.service.ts';
import type { TimeRange } from './vital-signs.repository.ts';

export const FHIR_BASE_PATH = '/fhir/R4';
const COUNT_DEFAULT = 50;
const COUNT_MAX = 500;
const KST = '+09:00';

/** A parameter FHIR search cannot use: answered 400 with an OperationOutcome naming it. */
class BadSearch extends Error {}

/** Which stored kinds and LOINC codes a searched code stands for (components find their panel). */
const CODE_TO_STORED: Record<string, { kind: VitalSignKind; loinc: string }> = Object.fromEntries([
  ...VITAL_SIGN_KINDS.filter((kind) => kind !== 'BLOOD_GLUCOSE').map((kind) => [
    loincOf(kind),
    { kind, loinc: loincOf(kind) },
  ]),
  ...(['FASTING', 'AFTER_MEAL_2H', 'RANDOM'] as const).map((timing) => [
    loincOf('BLOOD_GLUCOSE', timing),
    { kind: 'BLOOD_GLUCOSE', loinc: loincOf('BLOOD_GLUCOSE', timing) },
  ]),
  [LOINC.oxygenSaturationArterial, { kind: 'SPO2', loinc: LOINC.oxygenSaturation }],
  [LOINC.systolic, { kind: 'BLOOD_PRESSURE', loinc: LOINC.bloodPressurePanel }],
  [LOINC.diastolic, { kind: 'BLOOD_PRESSURE', loinc: LOINC.bloodPressurePanel }],
  [LOINC.exerciseActivity, { kind: 'EXERCISE', loinc: LOINC.exerciseDuration }],
  [LOINC.caloriesBurned, { kind: 'EXERCISE', loinc: LOINC.exerciseDuration }],
]) as Record<string, { kind: VitalSignKind; loinc: string }>;

const SEARCH_PARAMS = new Set([
  'patient',
  'subject',
  'category',
  'code',
  'date',
  '_count',
  '_offset',
  '_sort',
]);

const values = (raw: unknown): string[] =>
  raw === undefined ? [] : (Array.isArray(raw) ? raw : [raw]).map((value) => String(value));

/** `Patient/12`, `12` or an absolute `…/Patient/12` → 12. */
function patientIdOf(reference: string): number {
  const match = /^(?:.*\/)?(?:Patient\/)?(\d{1,10})$/.exec(reference);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > INT4_MAX)
    throw new BadSearch(`Unknown patient reference: ${reference}`);
  return id;
}

/** A token `system|code` or `code` → code. */
const tokenCode = (token: string) => token.slice(token.lastIndexOf('|') + 1);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A FHIR date parameter (`ge2026-01-01`, `lt2026-02-01T00:00:00+09:00`) narrowing the range. */
function narrow(range: TimeRange, param: string): void {
  const match = /^(eq|ge|gt|le|lt)?(.+)$/.exec(param);
  const prefix = match?.[1] ?? 'eq';
  const text = match?.[2] ?? '';
  let start: Date;
  let end: Date;
  if (DATE_ONLY.test(text)) {
    // A day without a zone is a Korean day.
    start = new Date(`${text}T00:00:00${KST}`);
    end = new Date(start.getTime() + 86_400_000);
  } else if (DATE_TIME.test(text)) {
    start = new Date(text);
    end = new Date(start.getTime() + 1);
  } else throw new BadSearch(`Unsupported date: ${param}`);
  if (Number.isNaN(start.getTime())) throw new BadSearch(`Unsupported date: ${param}`);
  const later = (a: Date | undefined, b: Date) => (a && a > b ? a : b);
  const earlier = (a: Date | undefined, b: Date) => (a && a < b ? a : b);
  if (prefix === 'ge' || prefix === 'eq') range.from = later(range.from, start);
  if (prefix === 'gt') range.from = later(range.from, end);
  if (prefix === 'lt') range.to = earlier(range.to, start);
  if (prefix === 'le' || prefix === 'eq') range.to = earlier(range.to, end);
}

function wholeNumber(
  raw: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new BadSearch(`${name} must be a whole number`);
  return Math.min(Math.max(Number(raw), min), max);
}

/** The search parameters of `GET …/Observation` → what the service looks up. */
export function parseObservationSearch(query: Record<string, unknown>): ObservationSearch {
  for (const name of Object.keys(query))
    if (!SEARCH_PARAMS.has(name)) throw new BadSearch(`Unsupported search parameter: ${name}`);
  const single = (name: string) => {
    const all = values(query[name]);
    if (all.length > 1) throw new BadSearch(`${name} may be given once`);
    return all[0];
  };
  const references = [single('patient'), single('subject')].filter((r): r is string => r !== undefined);
  const ids = [...new Set(references.map(patientIdOf))];
  if (ids.length > 1) throw new BadSearch('patient and subject name different patients');

  let kinds: VitalSignKind[] = [...VITAL_SIGN_KINDS];
  const category = single('category');
  if (category !== undefined) {
    const wanted = new Set(category.split(',').map(tokenCode) as FhirCategory[]);
    kinds = kinds.filter((kind) => wanted.has(FHIR_CATEGORY[kind]));
  }
  let loincs: string[] | undefined;
  const code = single('code');
  if (code !== undefined) {
    const stored = code.split(',').map((token) => CODE_TO_STORED[tokenCode(token)]);
    const known = stored.filter((s): s is { kind: VitalSignKind; loinc: string } => s !== undefined);
    kinds = kinds.filter((kind) => known.some((s) => s.kind === kind));
    loincs = known.map((s) => s.loinc);
  }
  const range: TimeRange = {};
  for (const date of values(query.date)) narrow(range, date);
  const sort = single('_sort') ?? '-date';
  if (sort !== '-date' && sort !== 'date') throw new BadSearch(`Unsupported _sort: ${sort}`);
  return {
    patientIdx: ids[0] ?? null,
    kinds,
    loincs,
    range,
    count: wholeNumber(single('_count'), '_count', 1, COUNT_MAX, COUNT_DEFAULT),
    offset: wholeNumber(single('_offset'), '_offset', 0, 10_000_000, 0),
    newestFirst: sort === '-date',
  };
}

const ISSUE_BY_CODE: Partial<Record<string, [number, IssueCode, string]>> = {
  NOT_LOGGED_IN: [401, 'login', 'A valid bearer access token is required'],
  TOKEN_EXPIRED: [401, 'login', 'The access token has expired'],
  FORBIDDEN: [403, 'forbidden', 'Not allowed'],
  NOT_FOUND: [404, 'not-found', 'Resource not found'],
  VALIDATION_FAILED: [400, 'invalid', 'Invalid request'],
  RATE_LIMITED: [429, 'throttled', 'Too many requests'],
};

/** The FHIR base URL as the caller reached it (links in bundles are absolute). */
const baseUrlOf = (request: FastifyRequest) =>
  `${request.protocol}://${request.host}${API_PREFIX}${FHIR_BASE_PATH}`;

const send = (reply: FastifyReply, status: number, resource: unknown) =>
  reply.code(status).type(FHIR_CONTENT_TYPE).send(JSON.stringify(resource));

const callerOf = (request: FastifyRequest) => {
  const principal = request.principal;
  if (!principal) throw new DomainError('NOT_LOGGED_IN');
  return { principal: principal.principal, idx: principal.idx };
};

function idParam(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT4_MAX)
    throw new DomainError('NOT_FOUND');
  return Number(raw);
}

/**
 * FHIR R4 at `/medical2/app/api/fhir/R4` (issue 13): metadata, Patient read and $everything,
 * Observation read and search. Answers are FHIR resources (`application/fhir+json`), not
 * the app's envelope; failures are OperationOutcomes with the HTTP status that fits.
 */
export const fhirRoutes: FastifyPluginAsync<{ vitalSigns: VitalSignService; version: string }> = async (
  app,
  { vitalSigns, version },
) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BadSearch) return send(reply, 400, operationOutcome('invalid', error.message));
    if (error instanceof AccessRefused)
      return send(reply, 404, operationOutcome('not-found', 'Resource not found'));
    if (error instanceof DomainError) {
      const [status, code, text] = ISSUE_BY_CODE[error.code] ?? [400, 'invalid' as const, error.code];
      return send(reply, status, operationOutcome(code, text));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return send(reply, 429, operationOutcome('throttled', 'Too many requests'));
    if (status >= 400 && status < 500)
      return send(reply, status, operationOutcome('invalid', 'Invalid request'));
    request.log.error({ err: error }, 'FHIR request failed');
    return send(reply, 500, operationOutcome('exception', 'Server error'));
  });
  // A catch-all route rather than setNotFoundHandler: a prefixed not-found handler is shadowed
  // by the app's own (registered later, with a rate limit) once several modules are mounted.
  app.all('/*', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, 404, operationOutcome('not-supported', 'This FHIR interaction is not supported here')),
  );

  // Hidden from the app's OpenAPI document: FHIR describes itself in the CapabilityStatement.
  const hidden = { hide: true };

  app.get('/metadata', { schema: hidden }, async (request, reply) =>
    send(reply, 200, capabilityStatement(baseUrlOf(request), { version })),
  );

  app.get<{ Params: { id: string } }>(
    '/Patient/:id',
    { schema: hidden, config: { auth: 'any' } },
    async (request, reply) => {
      const patient = await vitalSigns.fhirPatient(callerOf(request), idParam(request.params.id));
      return send(reply, 200, patientResource(patient));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/Patient/:id/$everything',
    { schema: hidden, config: { auth: 'any' } },
    async (request, reply) => {
      if (Object.keys(request.query as object).length > 0)
        throw new BadSearch('$everything takes no parameters here');
      const { patient, readings } = await vitalSigns.fhirEverything(
        callerOf(request),
        idParam(request.params.id),
      );
      const base = baseUrlOf(request);
      const entries = [patientResource(patient), ...readings.map(observationOf)].map((resource) => ({
        fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
        resource,
        search: { mode: 'match' },
      }));
      return send(reply, 200, {
        resourceType: 'Bundle',
        type: 'searchset',
        timestamp: new Date().toISOString(),
        total: entries.length,
        link: [{ relation: 'self', url: `${base}/Patient/${patient.idx}/$everything` }],
        entry: entries,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/Observation/:id',
    { schema: hidden, config: { auth: 'any' } },
    async (request, reply) => {
      const reading = await vitalSigns.fhirObservation(callerOf(request), idParam(request.params.id));
      return send(reply, 200, observationOf(reading));
    },
  );

  app.get('/Observation', { schema: hidden, config: { auth: 'any' } }, async (request, reply) => {
    const search = parseObservationSearch(request.query as Record<string, unknown>);
    const caller = callerOf(request);
    const { patientIdx, rows, total } = await vitalSigns.fhirSearch(caller, search);
    const base = baseUrlOf(request);
    const linkAt = (offset: number) => {
      const params = new URLSearchParams();
      params.set('patient', String(patientIdx));
      for (const [name, raw] of Object.entries(request.query as Record<string, unknown>))
        if (!['patient', 'subject', '_offset', '_count'].includes(name))
          for (const value of values(raw)) params.append(name, value);
      params.set('_count', String(search.count));
      params.set('_offset', String(offset));
      return `${base}/Observation?${params.toString()}`;
    };
    const link = [
      { relation: 'self', url: linkAt(search.offset) },
      { relation: 'first', url: linkAt(0) },
    ];
    if (search.offset + search.count < total)
      link.push({ relation: 'next', url: linkAt(search.offset + search.count) });
    if (search.offset > 0)
      link.push({ relation: 'previous', url: linkAt(Math.max(0, search.offset - search.count)) });
    return send(reply, 200, {
      resourceType: 'Bundle',
      type: 'searchset',
      timestamp: new Date().toISOString(),
      total,
      link,
      entry: rows.map((reading) => ({
        fullUrl: `${base}/Observation/${reading.idx}`,
        resource: observationOf(reading),
        search: { mode: 'match' },
      })),
    });
  });
};
