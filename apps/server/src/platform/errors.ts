import { errorStatus, type ErrorCode } from '@jade/contracts/errors';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string[]> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { fields?: Record<string, string[]>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.fields = extra.fields;
    this.details = extra.details;
  }
}
