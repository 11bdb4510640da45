import { ErrorCode, type ErrorEnvelope } from '../../contract/errors.ts';

/**
 * A business error: answered as HTTP `status` with the DESIGN §4 envelope. Its code is one of the contract's
 * catalogue (contract/errors.ts), so the SPA and the server name every code the same way.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 429,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** Extra answer fields a caller needs (e.g. the days left of a waiting period). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toEnvelope(): ErrorEnvelope {
    return {
      result: false,
      ErrorCode: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...this.extra,
    };
  }
}

export const notFound = (what: string) => new ApiError(400, ErrorCode.ObjectNotFound, `${what} not found`);
