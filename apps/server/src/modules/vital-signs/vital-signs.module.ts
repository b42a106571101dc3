import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseVitalSignsOfPatient } from './vital-signs.erasure.ts';
import { FHIR_BASE_PATH, fhirRoutes } from './vital-signs.fhir-routes.ts';
import { vitalSignRoutes } from './vital-signs.routes.ts';
import type { VitalSignService } from './vital-signs.service.ts';
// issue 13 staff side: the home-care watch list and urgent alerts
import { homeCareAlertTopicAccess } from './vital-signs.access.ts';
import { homeCareWatchRoutes } from './vital-signs.watch-routes.ts';
import type { HomeCareWatchService } from './vital-signs.watch.service.ts';

/** The server's version, named in the FHIR CapabilityStatement. */
const SOFTWARE_VERSION = '0.1.0';

/** Home-care vital signs (issue 13): readings, summaries, the native bridge's imports, targets, FHIR R4. */
export const vitalSignModule: FastifyPluginAsyncZod<{
  vitalSigns: VitalSignService;
  watch: HomeCareWatchService;
}> = async (app, { vitalSigns, watch }) => {
  app.broker.declareTopic('homeCareAlert', homeCareAlertTopicAccess());
  app.patientErasure.register('homeCareAlerts', watch.erasePatient);
  await app.register(homeCareWatchRoutes, { watch });
  app.patientErasure.register('vitalSigns', eraseVitalSignsOfPatient);
  await app.register(vitalSignRoutes, { vitalSigns });
  // FHIR R4 reads the same readings: its own content type and error shape (OperationOutcome).
  await app.register(fhirRoutes, { prefix: FHIR_BASE_PATH, vitalSigns, version: SOFTWARE_VERSION });
};
