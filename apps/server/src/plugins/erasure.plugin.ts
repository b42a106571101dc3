import fp from 'fastify-plugin';
import type { SqlQueryable } from './db/database.ts';

/** Erases one module's self-recorded data of a patient inside the deletion's transaction. */
export type ErasureHandler = (tx: SqlQueryable, patientIdx: number) => Promise<void>;

export interface PatientErasure {
  /** Feature modules holding patient data register here, so account deletion reaches it. */
  register(name: string, handler: ErasureHandler): void;
  handlers(): ReadonlyArray<{ name: string; handler: ErasureHandler }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    patientErasure: PatientErasure;
  }
}

/**
 * Account deletion must reach every module's data (PIPA Art. 21) without the patient
 * module importing features: modules register what they erase, the patient module runs it.
 */
export const erasurePlugin = fp(
  async (app) => {
    const registered: { name: string; handler: ErasureHandler }[] = [];
    app.decorate('patientErasure', {
      register(name, handler) {
        registered.push({ name, handler });
      },
      handlers: () => registered,
    });
  },
  { name: 'erasure' },
);
