import type { FastifyRequest } from 'fastify';
import {
  resolveLocale,
  resultDescriptions,
  ResultCode,
  type AppLocale,
} from '@smartcare/contract/result-codes';

export function localeOf(request: FastifyRequest): AppLocale {
  return resolveLocale(request.headers['accept-language']);
}

/** The success envelope (code 0) with its description in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T): { code: number; description: string; data: T } {
  return { code: ResultCode.SUCCESS, description: resultDescriptions[localeOf(request)].SUCCESS, data };
}
