/** The one way the SPA reads a failed call's code (src/api/error-code.ts). */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.ts';
import { NETWORK_ERROR } from '../../machines/shared/codes.ts';
import { ApiError, catalogueCode, knowCodes } from '../../src/api/client.ts';
import { errorCode } from '../../src/api/error-code.ts';

describe('errorCode', () => {
  it('is the server’s code, NetworkError when no answer came, and nothing without an error', () => {
    expect(errorCode(new ApiError(ErrorCode.InvalidCoupon, 'This coupon has expired', 400))).toBe('70600');
    expect(errorCode(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
    expect(errorCode(null)).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });

  it('an answer’s code outside the catalogue reads as UnknownError, so every code the SPA holds is one it can compare', () => {
    expect(catalogueCode('OutOfStock')).toBe(ErrorCode.OutOfStock);
    expect(catalogueCode('70600')).toBe(ErrorCode.InvalidCoupon);
    expect(catalogueCode('UserNotFoundException')).toBe(ErrorCode.UnknownError);
  });

  it('a code the first load leaves out is known once the part that needs it adds it (the back office’s, issue 32)', () => {
    // In the SPA's build ErrorCode has no back-office codes (tests/api/contract-descriptors.test.ts); knowCodes adds them.
    knowCodes([ErrorCode.StockBelowZero]);
    expect(catalogueCode('StockBelowZero')).toBe(ErrorCode.StockBelowZero);
  });
});
