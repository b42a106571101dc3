import { z } from 'zod';
import { safeText } from './safe-input.ts';

export const CARE_AREAS = ['HOSPITAL', 'HOMECARE'] as const;
export const careAreaSchema = z.enum(CARE_AREAS);
export type CareArea = z.infer<typeof careAreaSchema>;

export const hospitalSchema = z.object({
  idx: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Which of the app's areas this hospital serves. */
  areas: z.array(careAreaSchema),
});
export type Hospital = z.infer<typeof hospitalSchema>;

/** `GET /hospital/getHospitalList?keyword=` — search by name or address. */
export const hospitalListQuerySchema = z.strictObject({
  keyword: safeText().trim().max(50).optional(),
});
export const hospitalListSchema = z.array(hospitalSchema);
