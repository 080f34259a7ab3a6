import type { ErrorEnvelope } from '@jade/contracts/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

const send = (reply: FastifyReply, status: number, error: ErrorEnvelope['error']) =>
  reply.status(status).send({ success: false, error } satisfies ErrorEnvelope);

type Limit = { min?: number; max?: number };

/** Field errors keyed by the dotted path of the field, plus the length or size limits that were broken. */
const describeValidation = (
  error: FastifyError & {
    validation: {
      instancePath: string;
      message?: string;
      keyword: string;
      params: Record<string, unknown>;
    }[];
  },
) => {
  const fields: Record<string, string[]> = {};
  const limits: Record<string, Limit> = {};
  for (const issue of error.validation) {
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request');
    (fields[field] ??= []).push(issue.message ?? issue.keyword);
    if (issue.keyword === 'too_big' && typeof issue.params.maximum === 'number') {
      limits[field] = { ...limits[field], max: issue.params.maximum };
    }
    if (issue.keyword === 'too_small' && typeof issue.params.minimum === 'number') {
      limits[field] = { ...limits[field], min: issue.params.minimum };
    }
  }
  return { fields, limits };
};

const frameworkCodes: Record<string, { status: number; code: ErrorEnvelope['error']['code'] }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
};

/** One error handler for the whole API: codes for clients, details only in the log. */
export const installErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
        ...(error.details && { details: error.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { fields, limits } = describeValidation(error);
      return send(reply, 400, {
        code: 'VALIDATION_FAILED',
        message: `Invalid ${error.validationContext ?? 'request'}: ${Object.entries(fields)
          .map(([field, reasons]) => `${field}: ${reasons.join('; ')}`)
          .join(', ')}`,
        fields,
        ...(Object.keys(limits).length > 0 && { details: { limits } }),
      });
    }
    const known = error.code ? frameworkCodes[error.code] : undefined;
    if (known) return send(reply, known.status, { code: known.code, message: error.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, {
        code:
          error.statusCode === 429 ? 'RATE_LIMITED' : error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        message: error.message,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
  });
};
