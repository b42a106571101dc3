import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  httpStatusOf,
  resultDescriptions,
  ResultCode,
  type ResultCodeName,
} from '@smartcare/contract/result-codes';
import type { FieldError } from '@smartcare/contract/envelope';
import {
  formatValidationMessage,
  isValidationMessageKey,
  type ValidationMessageKey,
} from '@smartcare/contract/validation-messages';
import { DomainError, FieldValidationError } from '../lib/errors.ts';
import { localeOf } from '../lib/envelope.ts';
import { fieldLabel, fieldLength } from '../lib/field-labels.ts';

interface RawIssue {
  path: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

/** Turns schema issues into `{ field, message }` in the caller's language (spec §5 messages). */
function fieldErrors(request: FastifyRequest, issues: RawIssue[]): FieldError[] {
  const locale = localeOf(request);
  const out: FieldError[] = [];
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[]) {
        const field = [issue.path, key].filter(Boolean).join('.');
        out.push({ field, message: formatValidationMessage(locale, 'unknownField') });
      }
      continue;
    }
    let key: ValidationMessageKey;
    if (isValidationMessageKey(issue.message)) key = issue.message;
    else if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message)) key = 'required';
    else key = 'invalid';
    const field = issue.path || 'body';
    out.push({
      field,
      message: formatValidationMessage(locale, key, {
        field: fieldLabel(locale, field),
        length: fieldLength(field) ?? (typeof issue.params.minimum === 'number' ? issue.params.minimum : ''),
      }),
    });
  }
  return out;
}

/**
 * SQLSTATE class 22 ("data exception": NUL in text, integer out of range, no such date …).
 * The schemas refuse such input first (issue 10 point 15); this is the backstop for any
 * they miss, so it answers 400 and not 500. Both PGlite and node-postgres set `code`.
 */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function send(request: FastifyRequest, reply: FastifyReply, name: ResultCodeName, data: unknown = null) {
  return reply
    .code(httpStatusOf[name])
    .type('application/json; charset=utf-8')
    .send({ code: ResultCode[name], description: resultDescriptions[localeOf(request)][name], data });
}

/**
 * The ONE place that turns failures into the envelope: domain errors, schema validation,
 * Fastify's own 4xx (bad JSON, too large, wrong media type), rate limits — and anything
 * unexpected into SERVER_ERROR without a stack trace.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (error instanceof FieldValidationError) {
        const locale = localeOf(request);
        const fields = error.fieldErrors.map((issue) => ({
          field: issue.field,
          message: formatValidationMessage(locale, issue.message, { field: fieldLabel(locale, issue.field) }),
        }));
        return send(request, reply, 'VALIDATION_FAILED', { fields });
      }
      if (error instanceof DomainError) {
        if (error.code === 'RATE_LIMITED' || error.code === 'ACCOUNT_LOCKED') {
          const retry = error.data?.retryAfterSeconds;
          if (typeof retry === 'number') reply.header('retry-after', String(retry));
        }
        return send(request, reply, error.code, error.data);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          keyword: issue.keyword,
          message: issue.message ?? '',
          params: issue.params as Record<string, unknown>,
        }));
        return send(request, reply, 'VALIDATION_FAILED', { fields: fieldErrors(request, issues) });
      }
      if (isDataException(error)) {
        // A value the database cannot hold that a schema let through: the caller's input, not our fault.
        request.log.warn(
          { sqlState: (error as { code: string }).code },
          'data exception answered as validation',
        );
        return send(request, reply, 'VALIDATION_FAILED', {
          fields: [{ field: 'body', message: formatValidationMessage(localeOf(request), 'invalid') }],
        });
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status === 413) return send(request, reply, 'PAYLOAD_TOO_LARGE');
      if (status === 429) {
        const retryAfter = Number(reply.getHeader('retry-after')) || 60;
        return send(request, reply, 'RATE_LIMITED', { retryAfterSeconds: retryAfter });
      }
      if (status === 404) return send(request, reply, 'NOT_FOUND');
      if (status >= 400 && status < 500) {
        // Malformed JSON, unsupported media type, empty body where one was declared …
        return send(request, reply, 'VALIDATION_FAILED', {
          fields: [{ field: 'body', message: formatValidationMessage(localeOf(request), 'invalid') }],
        });
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(request, reply, 'SERVER_ERROR');
    });
  },
  { name: 'error-handler' },
);
