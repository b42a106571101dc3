/**
 * The result codes and app locales without their descriptions: what the patient app needs
 * on its first screen (result-codes.ts re-exports all of it and adds the descriptions,
 * which the app loads later with its catalogues).
 */
export const ResultCode = {
  SUCCESS: 0,
  VALIDATION_FAILED: 10001000,
  NOT_FOUND: 10004004,
  CONFLICT: 10004009,
  RATE_LIMITED: 10004029,
  PAYLOAD_TOO_LARGE: 10004013,
  SERVER_ERROR: 10005000,
  BAD_CREDENTIALS: 30002001,
  // 30002002 (a separate "token invalid") is retired, never to be reused: an unusable
  // access token is NOT_LOGGED_IN (spec §8) and a refresh with one is REFRESH_FAILED
  // (HTTP 400); the apps act the same on either, so a third code would only tell a
  // forger which of their tokens was rejected how.
  TOKEN_EXPIRED: 30002003,
  REFRESH_TOKEN_REUSED: 30002004,
  ACCOUNT_LOCKED: 30002005,
  FORBIDDEN: 30002006,
  NOT_LOGGED_IN: 30002007,
  REFRESH_FAILED: 30002008,
  VERIFICATION_CODE_INVALID: 30003001,
  /** A deletion request while one is already pending; `data` is that request. */
  ACCOUNT_DELETION_PENDING: 30003002,
  HOSPITAL_NOT_CHOSEN: 40001001,
  CHAT_ROOM_COMPLETED: 40001002,
  NURSE_CALL_NOT_OPEN: 40002001,
  // issue 10 — admissions and nurse-call routing
  /** A nurse call from a patient with no active admission (home care, discharged, never admitted). */
  NO_ACTIVE_ADMISSION: 40003001,
  /** Admitting a patient who already has an active admission (in any hospital). */
  ALREADY_ADMITTED: 40003002,
  /** Moving or discharging an admission that was already closed. */
  ADMISSION_CLOSED: 40003003,
  // issue 12 — Kakao login (30004001–30004099)
  KAKAO_NOT_CONFIGURED: 30004001,
  KAKAO_STATE_INVALID: 30004002,
  KAKAO_LOGIN_FAILED: 30004003,
  KAKAO_TICKET_INVALID: 30004004,
  KAKAO_ALREADY_LINKED: 30004005,
  KAKAO_NOT_LINKED: 30004006,
  KAKAO_UNLINK_NEEDS_PASSWORD: 30004007,
  KAKAO_UNLINK_CALLBACK_REFUSED: 30004008,
  // issue 14 — hospital information
  /** An upload that is not a PNG, JPEG, WebP, GIF or PDF by its bytes. */
  CONTENT_FILE_TYPE_NOT_ALLOWED: 40006001,
  /** An upload over its type's limit (images 3 MB, PDF 10 MB). */
  CONTENT_FILE_TOO_LARGE: 40006002,
  /** Restoring an item deleted more than 30 days ago. */
  CONTENT_RESTORE_EXPIRED: 40006003,
  // issue 13 — home-care vital signs
  /** A reading no person shows (out of physical bounds, in the future): `data.fields` says which. */
  VITAL_SIGN_IMPOSSIBLE: 40005001,
  /** Editing or deleting a reading the patient did not type (imported from the phone). */
  VITAL_SIGN_NOT_EDITABLE: 40005002,
  // issue 15 — medication reminders (40008000–40008999)
  /** Taking, skipping or snoozing a dose that is already taken (a double tap) or closed. */
  MEDICATION_DOSE_ALREADY_DONE: 40008001,
  /** Taking a dose more than the early window before its time (or in the future). */
  MEDICATION_DOSE_TOO_EARLY: 40008002,
  /** Taking a dose more than LATE_TAKE_LIMIT_H after its time. */
  MEDICATION_DOSE_TOO_LATE: 40008003,
  /** Changing a medicine that was stopped. */
  MEDICATION_STOPPED: 40008004,
  // issue 16 — document requests (40010000–40010999)
  /** A status change the request's state machine refuses (e.g. cancelling one already in review). */
  DOCUMENT_REQUEST_STATE: 40010001,
  /** Downloading a request that has no issued PDF for the app (not issued, or to be collected at the desk). */
  DOCUMENT_NOT_DOWNLOADABLE: 40010002,
  /** A verification code that no issued document carries (forged, altered or mistyped). */
  DOCUMENT_VERIFY_FAILED: 40010003,
  // issue 15 — diet logging
  /** A meal, photo or target refused field by field (future time, unknown food, bad photo): `data.fields`. */
  DIET_INVALID: 40009001,
  // issue 13 — home-care nurse (40005200–40005299)
  HOME_CARE_ALERT_ACKNOWLEDGED: 40005201,
  // issue 17 — Q&A with the care team
  QNA_INVALID: 40011001,
  QNA_STATE: 40011002,
  // issue 16 — appointments (40013000–40013999)
  /** A step the appointment's state machine refuses (e.g. a second request while one is open). */
  APPOINTMENT_STATE: 40013001,
  /** Asking to change or cancel an appointment whose time has passed, or a preferred time in the past. */
  APPOINTMENT_PAST: 40013002,
  /** Editing a hospital appointment as a personal item, or a personal item as staff. */
  APPOINTMENT_NOT_EDITABLE: 40013003,
  /** Marking a visit done (완료) before its start time: it would invite a rating for a visit not yet had. */
  APPOINTMENT_NOT_STARTED: 40013004,
  // issue 16 — ratings (40012000–40012999)
  /** Rating an occasion that is not completed yet. */
  RATING_NOT_COMPLETED: 40012001,
  /** Changing a rating after its 7 days, or rating an occasion past its invitation. */
  RATING_WINDOW_CLOSED: 40012002,
  // issue 17 — telemedicine (40014000–40014999)
  /** Entering the waiting room outside its window (10 min before until the visit's end). */
  TELEMEDICINE_WINDOW_CLOSED: 40014001,
  /** Entering without having agreed to the current consent version (or agreeing to an old one). */
  TELEMEDICINE_CONSENT_REQUIRED: 40014002,
  /** A step the visit's state machine refuses (e.g. admitting a visit nobody waits in). */
  TELEMEDICINE_BAD_STATE: 40014003,
  /** A second change or cancel request while one is open. */
  TELEMEDICINE_REQUEST_OPEN: 40014004,
  /** Withdrawing, accepting or declining a request when none is open. */
  TELEMEDICINE_NO_REQUEST: 40014005,
  /** A staff member who may not hold or book this visit (role, or not the visit's clinician). */
  TELEMEDICINE_NOT_CLINICIAN: 40014006,
  /** Booking or moving onto a time the clinician already has a visit overlapping. */
  TELEMEDICINE_SLOT_TAKEN: 40014007,
  /** Marking a no-show before the visit's time, or booking, moving or preferring a time in the past. */
  TELEMEDICINE_TIME_INVALID: 40014008,
} as const;

export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

/** The HTTP status that goes with each code (the status still tells the truth, brief §2). */
/** Server and apps share these locale tags; `kr-KO` is the spec's own tag for Korean (§9). */
export const APP_LOCALES = ['kr-KO', 'en-US', 'zh-CN'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'kr-KO';

const nameByCode = new Map<number, ResultCodeName>(
  (Object.entries(ResultCode) as [ResultCodeName, number][]).map(([name, code]) => [code, name]),
);

export function resultCodeName(code: number): ResultCodeName | undefined {
  return nameByCode.get(code);
}

/** Picks a supported locale from an Accept-Language header or a stored tag; Korean otherwise. */
export function resolveLocale(tag: string | null | undefined): AppLocale {
  if (!tag) return DEFAULT_LOCALE;
  for (const part of tag.split(',')) {
    const lang = part.split(';')[0]!.trim().toLowerCase();
    if (lang.startsWith('ko') || lang.startsWith('kr')) return 'kr-KO';
    if (lang.startsWith('en')) return 'en-US';
    if (lang.startsWith('zh')) return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}
