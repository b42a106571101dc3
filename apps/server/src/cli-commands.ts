/** The admin CLI's commands (src/cli.ts parses the command line and calls these). */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LOGIN_ID_PATTERN, PASSWORD_PATTERN } from '@smartcare/contract/auth';
import { careAreaSchema } from '@smartcare/contract/hospital';
import { staffRoleSchema } from '@smartcare/contract/staff';
import { publishDefaultTerms } from './db/seed-demo.ts';
import { hashPassword } from './lib/passwords.ts';
import type { Database } from './plugins/db/database.ts';
import { hospitalRepository } from './modules/hospital/hospital.repository.ts';
import { patientRepository } from './modules/patient/patient.repository.ts';
import { staffRepository } from './modules/staff/staff.repository.ts';

/** A mistake in what the operator typed: shown with the usage text, no stack trace. */
export class UsageError extends Error {}

const areas = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim().toUpperCase()))
  .pipe(z.array(careAreaSchema).min(1));
const loginId = z.string().regex(LOGIN_ID_PATTERN, 'login id: 4–20 of a-z, 0-9, - and _');
const name = z.string().trim().min(1, 'name is required').max(50);
const idx = z.coerce.number().int().positive();

export const commands = {
  'add-hospital': z.object({
    name,
    address: z.string().max(200).default(''),
    phone: z
      .string()
      .regex(/^[0-9-]{0,15}$/, 'phone: digits and -')
      .default(''),
    areas: areas.default(['HOSPITAL', 'HOMECARE']),
  }),
  'add-staff': z.object({ 'login-id': loginId, name, role: staffRoleSchema, 'hospital-idx': idx }),
  'add-patient': z.object({
    'login-id': loginId,
    name,
    email: z.email().optional(),
    areas: areas.default(['HOSPITAL']),
    'hospital-idx': idx.optional(),
  }),
  'publish-terms': z.object({}),
} as const;
export type Command = keyof typeof commands;

function newPassword(): { password: string; generated: boolean } {
  const given = process.env.NEW_PASSWORD;
  if (given) {
    if (!PASSWORD_PATTERN.test(given))
      throw new UsageError('NEW_PASSWORD: 8–64 characters with a letter, a digit and a symbol');
    return { password: given, generated: false };
  }
  return { password: `${randomBytes(9).toString('base64url')}9!`, generated: true };
}

export async function runCommand(
  db: Database,
  command: Command,
  args: Record<string, unknown>,
): Promise<string> {
  switch (command) {
    case 'add-hospital': {
      const hospital = await hospitalRepository.insert(
        db,
        args as { name: string; address: string; phone: string; areas: ('HOSPITAL' | 'HOMECARE')[] },
      );
      return `hospital ${hospital.idx} added: ${hospital.name}`;
    }
    case 'add-staff': {
      if (!(await hospitalRepository.findByIdx(db, args['hospital-idx'] as number)))
        throw new UsageError(`No hospital with idx ${String(args['hospital-idx'])}`);
      const { password, generated } = newPassword();
      const staff = await staffRepository.insert(db, {
        loginId: args['login-id'] as string,
        name: args.name as string,
        role: args.role as z.infer<typeof staffRoleSchema>,
        hospitalIdx: args['hospital-idx'] as number,
        passwordHash: await hashPassword(password),
      });
      return `staff ${staff.idx} added: ${staff.loginId}${generated ? ` (password: ${password} — shown once)` : ''}`;
    }
    case 'add-patient': {
      const hospitalIdx = args['hospital-idx'] as number | undefined;
      if (hospitalIdx !== undefined && !(await hospitalRepository.findByIdx(db, hospitalIdx)))
        throw new UsageError(`No hospital with idx ${hospitalIdx}`);
      const { password, generated } = newPassword();
      const patient = await patientRepository.insert(db, {
        loginId: args['login-id'] as string,
        name: args.name as string,
        email: (args.email as string | undefined) ?? null,
        areas: args.areas as ('HOSPITAL' | 'HOMECARE')[],
        choseHospitalIdx: hospitalIdx ?? null,
        passwordHash: await hashPassword(password),
      });
      return `patient ${patient.idx} added: ${patient.loginId}${generated ? ` (password: ${password} — shown once)` : ''}`;
    }
    case 'publish-terms':
      await publishDefaultTerms(db);
      return 'default terms published';
  }
}
