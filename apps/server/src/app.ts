/**
 * The whole server on one screen: external plugins → app plugins → modules, in boot order.
 *
 * Where things register (for feature modules added later):
 *   - a feature: its service built in the SERVICES block (`createXService({ db: app.db, … })`),
 *     then `await app.register(xModule, { prefix: API_PREFIX, x })` in the MODULES block;
 *     routes come from the contract's call table (`routeOf`, lib/route-of.ts) with
 *     `auth: 'patient' | 'staff'`, and read the caller with `patientOf(request)` /
 *     `staffOf(request)` (plugins/auth/auth.plugin.ts);
 *     a route without a query or body schema accepts none, and every route documents the error
 *     envelopes (plugins/route-defaults.plugin.ts; tests walk `app.apiRoutes`);
 *   - a plugin other modules depend on (e.g. the MQTT broker): in the APP PLUGINS block,
 *     after `erasurePlugin`, so it can use app.db, app.tokens, app.audit and app.jobs;
 *   - a module holding patient data registers its eraser with
 *     `app.patientErasure.register(name, (tx, patientIdx) => …)` so account deletion reaches it;
 *   - migrations: src/db/migrations/NNN_name.sql (001–049 core, 050+ features).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import type { Config } from './config.ts';
import { notFound } from './lib/errors.ts';
import { logRedaction } from './lib/log-redact.ts';
import { auditPlugin } from './plugins/audit.plugin.ts';
import { authPlugin } from './plugins/auth/auth.plugin.ts';
import type { Database } from './plugins/db/database.ts';
import { dbPlugin, type ExitFn, type LockTiming } from './plugins/db/db.plugin.ts';
import { erasurePlugin } from './plugins/erasure.plugin.ts';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.ts';
import { jobsPlugin } from './plugins/jobs.plugin.ts';
import { mailerPlugin } from './plugins/mailer.plugin.ts';
import { openapiPlugin } from './plugins/openapi.plugin.ts';
import { routeDefaultsPlugin } from './plugins/route-defaults.plugin.ts';
import { securityPlugin } from './plugins/security.plugin.ts';
import { staticPlugin, type StaticPluginOptions } from './plugins/static.plugin.ts';
import { ensureDefaultTerms } from './db/seed-demo.ts';
import { healthModule } from './modules/health/health.module.ts';
import { hospitalModule } from './modules/hospital/hospital.module.ts';
import {
  HOSPITAL_CONTENT_PUSH_JOB,
  hospitalContentModule,
} from './modules/hospital-content/hospital-content.module.ts';
import { createHospitalContentService } from './modules/hospital-content/hospital-content.service.ts';
import { createHospitalService } from './modules/hospital/hospital.service.ts';
import { patientModule } from './modules/patient/patient.module.ts';
import { staffModule } from './modules/staff/staff.module.ts';
import { createTermsService } from './modules/terms/terms.service.ts';
import { identityModule } from './modules/identity/identity.module.ts';
import { createIdentityService, createLoginThrottle } from './modules/identity/identity.service.ts';
import { createPatientService } from './modules/patient/patient.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { chatModule } from './modules/chat/chat.module.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createChatbotService } from './modules/chatbot/chatbot.service.ts';
import { admissionModule } from './modules/admission/admission.module.ts';
import { createAdmissionService } from './modules/admission/admission.service.ts';
import { nurseCallModule } from './modules/nurse-call/nurse-call.module.ts';
import { createNurseCallService } from './modules/nurse-call/nurse-call.service.ts';
import { createPeopleService } from './modules/people/people.service.ts';
import { brokerTokenCheck } from './plugins/broker/broker-auth.ts';
import { brokerAccessAudit } from './plugins/broker/broker-audit.ts';
import { brokerPlugin } from './plugins/broker/broker.plugin.ts';
import { staffRefreshCookiePlugin } from './plugins/auth/staff-refresh-cookie.plugin.ts';
import { termsModule } from './modules/terms/terms.module.ts';
// issue 13 — home-care vital signs
import { vitalSignModule } from './modules/vital-signs/vital-signs.module.ts';
import { createVitalSignService } from './modules/vital-signs/vital-signs.service.ts';
import {
  createHomeCareWatchService,
  type HomeCareWatchService,
} from './modules/vital-signs/vital-signs.watch.service.ts';
import { buildNotificationService, notificationModule } from './modules/notification/notification.module.ts';
// issue 12 — Kakao login
import { createKakaoClient } from './modules/kakao-login/kakao-client.ts';
import { kakaoLoginModule } from './modules/kakao-login/kakao-login.module.ts';
import { createKakaoLoginService } from './modules/kakao-login/kakao-login.service.ts';
// issue 15 — medication reminders
import { medicationModule } from './modules/medication/medication.module.ts';
import { createMedicationService } from './modules/medication/medication.service.ts';
// issue 16 — document requests and issued certificates
import { documentRequestModule } from './modules/document-request/document-request.module.ts';
import { createDocumentRequestService } from './modules/document-request/document-request.service.ts';
// issue 15 — diet logging
import { createPhotoStore } from './lib/photo/photo-store.ts';
import { dietModule } from './modules/diet/diet.module.ts';
import { createDietService } from './modules/diet/diet.service.ts';
// issue 17 — Q&A with the care team
import { qnaModule } from './modules/qna/qna.module.ts';
import { createQnaService } from './modules/qna/qna.service.ts';
// issue 16 — appointments (schedules)
import { appointmentModule } from './modules/appointment/appointment.module.ts';
import { createAppointmentService } from './modules/appointment/appointment.service.ts';
// issue 16 — ratings
import { ratingModule } from './modules/rating/rating.module.ts';
import { createRatingService, type RatingService } from './modules/rating/rating.service.ts';
// issue 17 — telemedicine
import { telemedicineModule } from './modules/telemedicine/telemedicine.module.ts';
import {
  createTelemedicineService,
  type TelemedicineService,
} from './modules/telemedicine/telemedicine.service.ts';
// issue 16 — the staff desk's live queues (document requests, appointments)
import { staffDeskModule } from './modules/staff-desk/staff-desk.module.ts';
import { createStaffDeskService } from './modules/staff-desk/staff-desk.service.ts';

export interface BuildOptions {
  /** An open database to use instead of opening one from config (tests). */
  database?: Database;
  /** Start the jobs' timers (off in tests, which run passes with app.jobs.runNow). */
  jobsAutoStart?: boolean;
  static?: StaticPluginOptions;
  /** Where the logs go (tests capture them to prove what is redacted); stdout otherwise. */
  logStream?: DestinationStream;
  /**
   * Ends the process after a fatal fault (the DATA_DIR lock lost), once the app has closed:
   * prints the message and exits by default; tests pass their own to observe it.
   */
  exit?: ExitFn;
  /** DATA_DIR lock refresh timing (tests shorten it to see a lost lock quickly). */
  lockTiming?: LockTiming;
}

const exitProcess: ExitFn = (code, message) => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

export type App = FastifyInstance;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...logRedaction,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Stack traces and internals stay in the log; the client gets the envelope only.
    return503OnClosing: true,
    // The first start creates the embedded database (WASM initdb): seconds on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Spec §7: refresh and the DELETE calls may come with a JSON content type and no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  try {
    // EXTERNAL PLUGINS
    await app.register(errorHandlerPlugin);
    // Before anything adds routes: its onRoute hook gives each API route the shared defaults.
    await app.register(routeDefaultsPlugin);
    await app.register(securityPlugin, { config });
    await app.register(openapiPlugin);

    // APP PLUGINS
    await app.register(dbPlugin, {
      config,
      exit: options.exit ?? exitProcess,
      ...(options.database ? { database: options.database } : {}),
      ...(options.lockTiming ? { lockTiming: options.lockTiming } : {}),
    });
    await app.register(jobsPlugin, { config, autoStart: options.jobsAutoStart ?? true });
    await app.register(authPlugin, { config });
    await app.register(auditPlugin);
    await app.register(mailerPlugin, { config });
    // Who a patient or staff member is, for every module (one place, issue 11).
    const people = createPeopleService({ db: app.db });
    await app.register(brokerPlugin, {
      checkAccessToken: brokerTokenCheck(app.tokens),
      onAccessDecision: brokerAccessAudit(app.audit),
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix,
      publishLimits: config.publishLimits,
      allowedOrigins: config.corsOrigins,
      trustProxy: config.trustProxy,
      sessions: {
        onRevoked: (listener) => app.tokens.onSessionsRevoked(listener),
        endedAmong: (sessionIds) => app.tokens.endedSessionsAmong(sessionIds),
        recheckMs: config.sessionRecheckS * 1000,
      },
    });
    await app.register(erasurePlugin);
    // The staff console's refresh token in an HttpOnly cookie (issue 10 point 19)
    await app.register(staffRefreshCookiePlugin, { refreshTtlS: config.refreshTokenTtlS });

    // SEEDING: what every deployment needs before its first request (demo data: `seed` CLI)
    await ensureDefaultTerms(app.db);

    // SERVICES: each module's rules, built here so a module gets other modules' services
    // (narrowed with Pick<> at the receiving end) and never their repositories.
    const hospitals = createHospitalService({ db: app.db });
    const terms = createTermsService({ db: app.db });
    // issue 13 — home-care vital signs (before patients: body information is kept as Observations too)
    // issue 13: readings, and the home-care watch whose urgent alerts are stored with the
    // reading that raised them (the watch reads the readings' summaries: tied lazily)
    let watch: HomeCareWatchService | null = null;
    const vitalSigns = createVitalSignService({
      db: app.db,
      people,
      audit: app.audit,
      onRecorded: (tx, patientIdx, readings) => watch!.onRecorded(tx, patientIdx, readings),
      onImported: (tx, patientIdx, source, ids) => watch!.onImported(tx, patientIdx, source, ids),
    });
    const homeCareWatch = createHomeCareWatchService({
      db: app.db,
      people,
      audit: app.audit,
      publisher: app.broker,
      vitalSigns,
      // issue 15: two or more doses missed today put a patient at the top of the watch list
      missedDoses: (hospitalIdx) => medications.patientsWithMissedDosesToday(hospitalIdx),
    });
    watch = homeCareWatch;
    const loginThrottle = createLoginThrottle({ db: app.db, config });
    const patients = createPatientService({
      db: app.db,
      tokens: app.tokens,
      audit: app.audit,
      mailer: app.mailer,
      erasure: app.patientErasure,
      loginThrottle,
      hospitals,
      terms,
      config,
      bodyMeasures: vitalSigns,
    });
    const staff = createStaffService({ db: app.db });
    const admissions = createAdmissionService({
      db: app.db,
      people,
      audit: (entry, db) => app.audit.record(entry, db),
    });
    const identity = createIdentityService({
      db: app.db,
      tokens: app.tokens,
      audit: app.audit,
      config,
      accounts: { patient: patients, staff },
    });
    // issue 12: the one notification service; services and modules that send get it here
    // (a failed notification is logged, never the sender's failure: see notifyOrLog)
    const notifications = await buildNotificationService(app, { config, people, admissions });
    const notifier = { notify: notifications.notifyOrLog };
    // issue 14 — hospital information: notices, FAQ, guides (editors in the staff console)
    const contents = createHospitalContentService({
      db: app.db,
      people,
      notifications: notifier,
      kickPush: () =>
        void app.jobs.runNow(HOSPITAL_CONTENT_PUSH_JOB).catch((error: unknown) => {
          app.log.error({ err: error, job: HOSPITAL_CONTENT_PUSH_JOB }, 'job pass failed');
        }),
    });
    // issue 14: the chatbot answers from the hospital's published FAQ entries and guides
    const chatbot = createChatbotService({ content: contents });
    // issue 16 — ratings: a room that completes invites its patient once (tied lazily: the
    // ratings read the rooms through the chat service)
    let ratings: RatingService | null = null;
    const chat = createChatService({
      db: app.db,
      people,
      chatbot,
      audit: app.audit,
      onCompleted: (roomIdx) =>
        ratings!.inviteChat(roomIdx).catch((error: unknown) => {
          app.log.warn({ err: error, roomIdx }, 'rating invitation failed');
        }),
    });
    const nurseCalls = createNurseCallService({
      db: app.db,
      people,
      admissions,
      publisher: app.broker,
      audit: app.audit,
      escalationMinutes: config.nurseCallEscalationMin,
      notifications: notifier,
    });

    // issue 12 — Kakao login: its own tokens come from identity, its accounts from patients
    const kakaoLogin = createKakaoLoginService({
      db: app.db,
      settings: config.kakao,
      client: config.kakao ? createKakaoClient(config.kakao) : null,
      identity,
      accounts: patients,
      audit: app.audit,
      log: app.log,
    });
    // issue 15 — medication reminders (reminders go out through notify)
    const medications = createMedicationService({
      db: app.db,
      people,
      audit: app.audit,
      notifier,
      settings: config.medication,
    });
    // issue 16 — the staff desk's live queues: documents and appointments publish through it
    const staffDesk = createStaffDeskService({ publisher: app.broker, log: app.log });
    // issue 16 — document requests: 발급 완료 / 반려 reach the patient through the notifier
    const documents = createDocumentRequestService({
      db: app.db,
      people,
      hospitals,
      audit: app.audit,
      notifications: notifier,
      desk: staffDesk,
    });
    // issue 16 — ratings (the consulting chat today; appointments and telemedicine plug in later)
    // issue 17: telemedicine visits are occasions too (tied lazily: built further down)
    let telemedicineForRatings: TelemedicineService | null = null;
    ratings = createRatingService({
      db: app.db,
      people,
      hospitals,
      chat,
      // (tied lazily: the appointment service is built below)
      appointments: {
        forRating: (idx) => appointments.forRating(idx),
        completedVisitsOf: (patientIdx, since) => appointments.completedVisitsOf(patientIdx, since),
      },
      notifications: notifier,
      audit: app.audit,
      telemedicine: {
        ratingOccasion: (idx) => telemedicineForRatings!.ratingOccasion(idx),
        completedOccasionsOf: (patientIdx, since) =>
          telemedicineForRatings!.completedOccasionsOf(patientIdx, since),
      },
    });

    // issue 15 — diet logging: photos under DATA_DIR/diet-photos or in the S3 bucket's diet-photos/
    const diet = createDietService({
      db: app.db,
      people,
      audit: app.audit,
      photos: createPhotoStore(config.photoStorage, config.dataDir, 'diet-photos'),
      log: app.log,
    });
    // issue 16 — appointments: decisions and reminders reach the patient through the notifier
    const appointments = createAppointmentService({
      db: app.db,
      people,
      audit: app.audit,
      notifications: notifier,
      desk: staffDesk,
      // an outpatient visit marked 완료 invites its patient to rate it (decision 028)
      onCompleted: (appointmentIdx) =>
        ratings!.inviteAppointment(appointmentIdx).catch((error: unknown) => {
          app.log.warn({ err: error, appointmentIdx }, 'rating invitation failed');
        }),
    });

    // issue 17 — Q&A with the care team: photos under DATA_DIR/qna-photos (or the S3 bucket's qna-photos/), "answered" through the notifier
    const qna = createQnaService({
      db: app.db,
      people,
      audit: app.audit,
      photos: createPhotoStore(config.photoStorage, config.dataDir, 'qna-photos'),
      notifications: notifier,
      log: app.log,
    });

    // issue 17 — telemedicine: visits, waiting room, signalling ACL, TURN credentials
    const telemedicine = createTelemedicineService({
      db: app.db,
      people,
      audit: app.audit,
      publisher: app.broker,
      notifications: notifier,
      bookable: appointments,
      ice: config.telemedicine,
      onCompleted: (visitIdx) => ratings!.inviteTelemedicine(visitIdx),
      log: app.log,
    });
    telemedicineForRatings = telemedicine;

    // MODULES
    await app.register(healthModule, { prefix: API_PREFIX });
    await app.register(hospitalModule, { prefix: API_PREFIX, hospitals });
    await app.register(termsModule, { prefix: API_PREFIX, terms });
    await app.register(patientModule, { prefix: API_PREFIX, patients, config });
    await app.register(staffModule, { prefix: API_PREFIX, staff });
    await app.register(chatModule, { prefix: API_PREFIX, chat, notifications: notifier });
    await app.register(nurseCallModule, { prefix: API_PREFIX, nurseCalls, people });
    // issue 10: admissions
    await app.register(admissionModule, { prefix: API_PREFIX, admissions });
    // issue 14: hospital information (notices, FAQ, guides)
    await app.register(hospitalContentModule, { prefix: API_PREFIX, contents });
    // issue 13 — home-care vital signs
    await app.register(vitalSignModule, { prefix: API_PREFIX, vitalSigns, watch: homeCareWatch });
    // issue 12: notifications (push history, Web Push, presence, delivery and retention jobs)
    await app.register(notificationModule, { prefix: API_PREFIX, notifications });
    // issue 15 — medication reminders
    await app.register(medicationModule, { prefix: API_PREFIX, medications });
    // issue 16 — document requests (API under the prefix, the verification page at /verify/{code})
    await app.register(documentRequestModule, { documents, publicOrigin: config.publicOrigin });
    // issue 15 — diet logging
    await app.register(dietModule, { prefix: API_PREFIX, diet });
    // issue 17 — Q&A with the care team
    await app.register(qnaModule, { prefix: API_PREFIX, qna });
    // issue 16 — appointments (schedules)
    await app.register(appointmentModule, { prefix: API_PREFIX, appointments });
    // issue 16 — ratings
    await app.register(ratingModule, { prefix: API_PREFIX, ratings });
    // issue 17 — telemedicine
    await app.register(telemedicineModule, { prefix: API_PREFIX, telemedicine });
    // issue 16 — the staff desk's live queues (the topic staffDesk/{hospitalIdx})
    await app.register(staffDeskModule);

    // issue 12 — Kakao login (API calls and the /{area}/loginreceive/kakao redirects; no prefix),
    // before identity: its logout stays the last route of the walks
    await app.register(kakaoLoginModule, { kakao: kakaoLogin });

    // Login, lockout, token issue and refresh, logout of both apps (issue 11). Last, as the
    // logout of issue 10 was: route walks in tests end a session only after every other call.
    await app.register(identityModule, { prefix: API_PREFIX, identity, throttle: loginThrottle, config });

    // PAGES (after the API so /medical2/... never falls through to an index.html)
    await app.register(staticPlugin, options.static ?? {});

    // Unknown routes: the not-found envelope, rate-limited so probing costs the prober.
    app.setNotFoundHandler(
      { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) },
      async (request, reply) => {
        if (await app.spaFallback(request, reply)) return reply;
        throw notFound();
      },
    );

    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app as unknown as App;
}
