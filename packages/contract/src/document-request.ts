import { z } from 'zod';
import { calendarDate, int4Id, int4Query, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Document requests with issued PDF certificates (issue 16): the patient asks their chosen
 * hospital for a Korean certificate, staff review and issue it, the app downloads the PDF,
 * and anyone holding the paper checks it on the public verification page.
 */
export const DOCUMENT_TYPES = [
  'DIAGNOSIS', // 진단서
  'OPINION', // 소견서
  'TREATMENT_CONFIRMATION', // 진료확인서
  'ADMISSION_CONFIRMATION', // 입·퇴원확인서
  'OUTPATIENT_CONFIRMATION', // 통원확인서
  'RECEIPT', // 진료비 계산서·영수증
  'ITEMIZED_BILL', // 진료비 세부산정내역서
  'PRESCRIPTION_COPY', // 처방전 사본
] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** The Korean name printed on the certificate and on the verification page. */
export const DOCUMENT_TYPE_KO: Record<DocumentType, string> = {
  DIAGNOSIS: '진단서',
  OPINION: '소견서',
  TREATMENT_CONFIRMATION: '진료확인서',
  ADMISSION_CONFIRMATION: '입·퇴원확인서',
  OUTPATIENT_CONFIRMATION: '통원확인서',
  RECEIPT: '진료비 계산서·영수증',
  ITEMIZED_BILL: '진료비 세부산정내역서',
  PRESCRIPTION_COPY: '처방전 사본',
};
export const DOCUMENT_TYPE_EN: Record<DocumentType, string> = {
  DIAGNOSIS: 'Medical Certificate',
  OPINION: "Physician's Opinion",
  TREATMENT_CONFIRMATION: 'Certificate of Treatment',
  ADMISSION_CONFIRMATION: 'Certificate of Admission and Discharge',
  OUTPATIENT_CONFIRMATION: 'Certificate of Outpatient Visits',
  RECEIPT: 'Medical Bill and Receipt',
  ITEMIZED_BILL: 'Itemized Medical Bill',
  PRESCRIPTION_COPY: 'Copy of Prescription',
};

export const DOCUMENT_PURPOSES = ['INSURANCE', 'EMPLOYER', 'SCHOOL', 'PERSONAL', 'OTHER'] as const;
export const documentPurposeSchema = z.enum(DOCUMENT_PURPOSES);
export type DocumentPurpose = z.infer<typeof documentPurposeSchema>;

export const DOCUMENT_LANGUAGES = ['KO', 'EN'] as const;
export const documentLanguageSchema = z.enum(DOCUMENT_LANGUAGES);
export type DocumentLanguage = z.infer<typeof documentLanguageSchema>;

/** In the app as a PDF, or printed at the desk. */
export const DOCUMENT_DELIVERIES = ['APP_PDF', 'DESK'] as const;
export const documentDeliverySchema = z.enum(DOCUMENT_DELIVERIES);
export type DocumentDelivery = z.infer<typeof documentDeliverySchema>;

/**
 * What each type asks for. `period`: the days the certificate covers (a prescription copy:
 * the day of the visit, one date). `purpose`: what it is for. `english`: an English edition
 * exists (bills and prescriptions are Korean only).
 */
export const DOCUMENT_TYPE_FIELDS: Record<
  DocumentType,
  { period: 'range' | 'day' | 'none'; purpose: boolean; english: boolean }
> = {
  DIAGNOSIS: { period: 'none', purpose: true, english: true },
  OPINION: { period: 'none', purpose: true, english: true },
  TREATMENT_CONFIRMATION: { period: 'range', purpose: true, english: true },
  ADMISSION_CONFIRMATION: { period: 'range', purpose: true, english: true },
  OUTPATIENT_CONFIRMATION: { period: 'range', purpose: true, english: true },
  RECEIPT: { period: 'range', purpose: false, english: false },
  ITEMIZED_BILL: { period: 'range', purpose: false, english: false },
  PRESCRIPTION_COPY: { period: 'day', purpose: false, english: false },
};

export const DOCUMENT_MAX_COPIES = 5;

export const DOCUMENT_STATUSES = ['REQUESTED', 'IN_REVIEW', 'ISSUED', 'REJECTED', 'CANCELLED'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** The state machine: which status may follow which, and who moves it (decision 026). */
export const DOCUMENT_TRANSITIONS: Record<DocumentStatus, readonly DocumentStatus[]> = {
  REQUESTED: ['IN_REVIEW', 'REJECTED', 'CANCELLED'],
  IN_REVIEW: ['ISSUED', 'REJECTED'],
  ISSUED: [],
  REJECTED: [],
  CANCELLED: [],
};

/** One fee of the hospital's table (KRW, VAT-free medical fees). */
export const documentFeeSchema = z.object({
  type: documentTypeSchema,
  /** The first copy. */
  feeKrw: z.number().int(),
  /** Each further copy of the same request. */
  extraCopyFeeKrw: z.number().int(),
  /** The English edition's first copy; null: no English edition. */
  englishFeeKrw: z.number().int().nullable(),
});
export type DocumentFee = z.infer<typeof documentFeeSchema>;
export const documentFeesSchema = z.object({
  hospitalIdx: z.number().int(),
  hospitalName: z.string(),
  fees: z.array(documentFeeSchema),
});
export type DocumentFees = z.infer<typeof documentFeesSchema>;

/** The fee of a request: the first copy (Korean or English edition) plus the further copies. */
export function documentFeeOf(fee: DocumentFee, language: DocumentLanguage, copies: number): number {
  const first = language === 'EN' ? (fee.englishFeeKrw ?? fee.feeKrw) : fee.feeKrw;
  return first + Math.max(0, copies - 1) * fee.extraCopyFeeKrw;
}

const text = (max: number) => safeText().trim().max(max, V.length);

/** `POST /documentRequest/create`: one request; a resend with the same `clientRequestId` returns the first. */
export const createDocumentRequestBodySchema = z
  .strictObject({
    type: documentTypeSchema,
    department: text(40).min(1, V.required),
    periodFrom: calendarDate().nullable().optional(),
    periodTo: calendarDate().nullable().optional(),
    purpose: documentPurposeSchema.nullable().optional(),
    purposeNote: text(100).optional(),
    copies: z.number().int(V.invalid).min(1, V.invalid).max(DOCUMENT_MAX_COPIES, V.invalid),
    language: documentLanguageSchema,
    delivery: documentDeliverySchema,
    /** Words for staff (e.g. which visit); shown as text. */
    note: text(300).optional(),
    clientRequestId: safeText().min(8).max(64),
  })
  .superRefine((body, ctx) => {
    const fields = DOCUMENT_TYPE_FIELDS[body.type];
    if (fields.period !== 'none' && !body.periodFrom)
      ctx.addIssue({ code: 'custom', path: ['periodFrom'], message: V.required });
    if (fields.period === 'range' && !body.periodTo)
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: V.required });
    if (fields.period === 'range' && body.periodFrom && body.periodTo && body.periodFrom > body.periodTo)
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: V.invalid });
    if (fields.purpose && !body.purpose)
      ctx.addIssue({ code: 'custom', path: ['purpose'], message: V.required });
    if (!fields.english && body.language === 'EN')
      ctx.addIssue({ code: 'custom', path: ['language'], message: V.invalid });
  });
export type CreateDocumentRequestBody = z.infer<typeof createDocumentRequestBodySchema>;

export const documentEventSchema = z.object({
  status: documentStatusSchema,
  actorType: z.enum(['patient', 'staff']),
  actorName: z.string(),
  /** The rejection reason, or nothing. */
  note: z.string(),
  at: z.string(),
});
export type DocumentEvent = z.infer<typeof documentEventSchema>;

export const documentRequestSchema = z.object({
  idx: z.number().int(),
  hospitalIdx: z.number().int(),
  hospitalName: z.string(),
  patientName: z.string(),
  type: documentTypeSchema,
  department: z.string(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  purpose: documentPurposeSchema.nullable(),
  purposeNote: z.string(),
  copies: z.number().int(),
  language: documentLanguageSchema,
  delivery: documentDeliverySchema,
  note: z.string(),
  feeKrw: z.number().int(),
  status: documentStatusSchema,
  rejectReason: z.string(),
  requestedAt: z.string(),
  updatedAt: z.string(),
  issueNumber: z.string().nullable(),
  issuedAt: z.string().nullable(),
  /** The code printed under the QR code (issued documents only). */
  verifyCode: z.string().nullable(),
  events: z.array(documentEventSchema),
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

export const documentRequestIdxQuerySchema = z.strictObject({ idx: int4Query().positive(V.invalid) });
export const documentRequestIdxBodySchema = z.strictObject({ idx: int4Id() });

export const documentQueueQuerySchema = z.strictObject({
  status: documentStatusSchema.optional(),
  type: documentTypeSchema.optional(),
});
export type DocumentQueueQuery = z.infer<typeof documentQueueQuerySchema>;

/** `PUT /documentRequest/issue`: what the certificate says (병명·소견·내역), written by staff. */
export const issueDocumentBodySchema = z.strictObject({
  idx: int4Id(),
  content: text(2000).min(1, V.required),
});
export type IssueDocumentBody = z.infer<typeof issueDocumentBodySchema>;

export const rejectDocumentBodySchema = z.strictObject({
  idx: int4Id(),
  reason: text(300).min(1, V.required),
});
export type RejectDocumentBody = z.infer<typeof rejectDocumentBodySchema>;

/** The issued PDF, base64 in the envelope like every other answer. */
export const documentFileSchema = z.object({ fileName: z.string(), contentBase64: z.string() });
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** Verification codes: 16 Crockford base-32 characters in four groups (decision 026). */
export const VERIFY_CODE_PATTERN =
  /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const verifyDocumentQuerySchema = z.strictObject({ code: z.string().max(40, V.invalid) });

/** What the public verification confirms: never a diagnosis, never the full name. */
export const documentVerificationSchema = z.object({
  typeName: z.string(),
  issueNumber: z.string(),
  issuedAt: z.string(),
  hospitalName: z.string(),
  maskedName: z.string(),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;

/** 홍길동 → 홍*동, 김철 → 김*, a longer name keeps its first and last character. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
