import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PeopleService } from '../people/people.service.ts';
import { eraseVitalSignsOfPatient } from './vital-signs.erasure.ts';
import { FHIR_BASE_PATH, fhirRoutes } from './vital-signs.fhir-routes.ts';
import { vitalSignRoutes } from './vital-signs.routes.ts';
import { createVitalSignService } from './vital-signs.service.ts';
// issue 13 staff side: the home-care watch list and urgent alerts
import { homeCareAlertTopicAccess } from './vital-signs.access.ts';
import { homeCareWatchRoutes } from './vital-signs.watch-routes.ts';
import { createHomeCareWatchService, type HomeCareWatchService } from './vital-signs.watch.service.ts';

/** The server's version, named in the FHIR CapabilityStatement. */
const SOFTWARE_VERSION = '0.1.0';

/** Home-care vital signs (issue 13): readings, summaries, the native bridge's imports, targets, FHIR R4. */
export const vitalSignModule: FastifyPluginAsyncZod<{
  people: Pick<PeopleService, 'patient' | 'staff'>;
}> = async (app, { people }) => {
  // The watch needs the patient's summaries; recording needs the watch's alerts: tied lazily.
  let watch: HomeCareWatchService | null = null;
  const vitalSigns = createVitalSignService({
    db: app.db,
    people,
    audit: app.audit,
    onRecorded: (tx, patientIdx, readings) => watch!.onRecorded(tx, patientIdx, readings),
    onImported: (tx, patientIdx, source, ids) => watch!.onImported(tx, patientIdx, source, ids),
  });
  watch = createHomeCareWatchService({
    db: app.db,
    people,
    audit: app.audit,
    publisher: app.broker,
    vitalSigns,
  });
  app.broker.declareTopic('homeCareAlert', homeCareAlertTopicAccess());
  app.patientErasure.register('homeCareAlerts', watch.erasePatient);
  await app.register(homeCareWatchRoutes, { watch });
  app.patientErasure.register('vitalSigns', eraseVitalSignsOfPatient);
  await app.register(vitalSignRoutes, { vitalSigns });
  // FHIR R4 reads the same readings: its own content type and error shape (OperationOutcome).
  await app.register(fhirRoutes, { prefix: FHIR_BASE_PATH, vitalSigns, version: SOFTWARE_VERSION });
};
