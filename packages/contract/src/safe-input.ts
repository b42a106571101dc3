import { z } from 'zod';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Building blocks for every input schema: values PostgreSQL cannot hold (NUL in text, ids
 * beyond `integer`, dates that do not exist) used to reach the database and come back as
 * HTTP 500 (issue 10 point 15). Refused here, they get the validation code like any other
 * bad field, and the apps' forms say the same thing.
 */

/** PostgreSQL's `integer`, the type of every id column. */
export const INT4_MAX = 2_147_483_647;

/** Text without NUL (U+0000), which PostgreSQL's text type cannot store. Chain checks after it. */
export const safeText = () => z.string().refine((value) => !value.includes('\u0000'), V.invalid);

/** A row id in a JSON body: a whole number from 1 to INT4_MAX. */
export const int4Id = () => z.number().int().positive().max(INT4_MAX, V.invalid);

/** An int4 value (ids that may be negative, e.g. a provisional room `-patientIdx`, or counters). */
export const int4 = () =>
  z
    .number()
    .int()
    .min(-INT4_MAX - 1, V.invalid)
    .max(INT4_MAX, V.invalid);

/** The same in a query string, where numbers arrive as text. */
export const int4Query = () =>
  z.coerce
    .number()
    .int()
    .min(-INT4_MAX - 1, V.invalid)
    .max(INT4_MAX, V.invalid);

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps the year as written.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** `YYYY-MM-DD` naming a day that exists (no 2024-02-30, no 0000-00-00). */
export const calendarDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, V.invalid)
    .refine(isCalendarDate, V.invalid);
