import { z } from 'zod';

export const STAFF_ROLES = ['NURSE', 'COUNSELLOR', 'DOCTOR', 'ADMIN'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** `GET /staff/getMyData`: a staff account belongs to one hospital. */
export const staffProfileSchema = z.object({
  idx: z.number().int(),
  loginId: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  hospitalIdx: z.number().int(),
  hospitalName: z.string(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;
