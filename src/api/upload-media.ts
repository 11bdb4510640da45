import { ErrorCode, uploadTemporaryMedia, type MediaPurpose } from '../../contract/index.ts';
import { ApiError, catalogueCode, type ApiClient } from './client.ts';

/**
 * Uploads a file's bytes (spec §7): reserves with upload-temporary-media, then PUTs the base64 (the
 * data-URL prefix already removed, spec §5) with its content type to the upload address. Answers the
 * reservation's MediaID and the address the file is served from.
 */
export async function uploadBase64Media(options: {
  api: ApiClient;
  base64: string;
  contentType: string;
  /** What the file is for (upload-temporary-media's Purpose); avatar when absent. */
  purpose?: MediaPurpose;
  /** The current id token, read after the reservation (which may have refreshed it). */
  idToken: () => string | undefined;
  fetch?: typeof fetch;
}): Promise<{ MediaID: string; mediaUrl: string }> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const reservation = await options.api.call(uploadTemporaryMedia, options.purpose ? { Purpose: options.purpose } : {});
  const idToken = options.idToken();
  if (!idToken) throw new ApiError(ErrorCode.Unauthorized, 'Unauthorized', 401);
  const response = await doFetch(reservation.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': options.contentType, authorization: `Bearer ${idToken}` },
    body: options.base64,
  });
  const answer = (await response.json().catch(() => undefined)) as { result?: unknown; mediaUrl?: unknown; ErrorCode?: unknown; message?: unknown } | undefined;
  if (answer?.result === true) return { MediaID: reservation.MediaID, mediaUrl: typeof answer.mediaUrl === 'string' ? answer.mediaUrl : reservation.mediaUrl };
  if (answer && typeof answer.ErrorCode === 'string') {
    throw new ApiError(catalogueCode(answer.ErrorCode), typeof answer.message === 'string' ? answer.message : '', response.status);
  }
  if (response.status === 413) throw new ApiError(ErrorCode.InvalidParameter, 'The picture is too large', 413);
  throw new ApiError(response.status === 401 ? ErrorCode.Unauthorized : ErrorCode.UnknownError, 'Unknown error', response.status);
}
