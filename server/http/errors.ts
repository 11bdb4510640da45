import type { ErrorEnvelope } from '../../contract/index.ts';

/** A business error: answered as HTTP `status` with the DESIGN §4 envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 429,
    readonly code: string,
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

export const notFound = (what: string) => new ApiError(400, 'ObjectNotFound', `${what} not found`);
