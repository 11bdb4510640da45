import { NETWORK_ERROR, type CallCode } from '../../machines/shared/codes.ts';
import { ApiError } from './client.ts';

/**
 * The one way the SPA reads the code of a failed call: the server's code (spec §8, contract
 * ErrorCode), or 'NetworkError' (machines/shared NETWORK_ERROR, as the flows name it) when no
 * answer came; undefined when there is no error. Words for a code come from error-messages.ts.
 */
export function errorCode(error: unknown): CallCode | undefined {
  if (error === undefined || error === null) return undefined;
  return error instanceof ApiError ? error.code : NETWORK_ERROR;
}
