import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { AVATAR_TYPES, ErrorCode, PRODUCT_PHOTO_MAX_BYTES, type StaffProduct } from '../../../contract/index.ts';
import { PHOTO_ALT_MAX, PRODUCT_PHOTOS_MAX } from '../../../contract/staff-catalogue-fields.ts';
import { tokens } from '../../../machines/session/session.selectors.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { uploadBase64Media } from '../../api/upload-media.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';

/** A picture in the product form: uploaded (now or before), with the alt text staff write for it. */
export type PhotoDraft = {
  MediaID: string;
  Url: string;
  Alt: { en: string; zh: string };
};

export const photoDraftsOf = (product: StaffProduct | undefined): PhotoDraft[] =>
  (product?.Photos ?? []).map((p) => ({
    MediaID: p.MediaID,
    Url: p.ThumbUrl,
    Alt: { ...p.Alt },
  }));

/** The body staff-set-product-photos takes, and whether it differs from what the product has. */
export const photosBody = (photos: readonly PhotoDraft[]) => photos.map((p) => ({ MediaID: p.MediaID, Alt: p.Alt }));
export const photosChanged = (product: StaffProduct, photos: readonly PhotoDraft[]) =>
  JSON.stringify(photosBody(photos)) !==
  JSON.stringify(
    product.Photos.map((p) => ({
      MediaID: p.MediaID,
      Alt: { en: p.Alt.en, zh: p.Alt.zh },
    })),
  );

const TYPES: readonly string[] = AVATAR_TYPES;
const MAX_MB = PRODUCT_PHOTO_MAX_BYTES / (1024 * 1024);

/** The file as base64, without the data-URL prefix (spec §5). */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*;base64,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A product's uploaded pictures in the product dialog (issue 32): upload (upload-temporary-media, Purpose
 * 'product'), order, remove, and alt text in English and Chinese. Saved with the product (staff-set-product-photos);
 * customers see them instead of the artwork.
 */
export function PhotosField(props: {
  photos: PhotoDraft[];
  setPhotos: Dispatch<SetStateAction<PhotoDraft[]>>;
  onUploading: (uploading: boolean) => void;
  error: (path: string) => string | undefined;
}) {
  const { photos, setPhotos } = props;
  const { t } = useLingui();
  const { api, session } = useServices();
  const inputId = useId();
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const room = PRODUCT_PHOTOS_MAX - photos.length;

  const failure = (name: string, error: unknown) => {
    if (error instanceof ApiError && error.status === 413) return t`${name} is larger than ${MAX_MB} MB.`;
    const code = errorCode(error);
    if (code === ErrorCode.InvalidParameter) return t`${name} is not a JPEG, PNG or WebP picture.`;
    if (code === ErrorCode.LimitError) return t`Too many pictures uploaded in the last hour: ${name} was not uploaded. Please try again later.`;
    return t`${name} could not be uploaded. Please try again.`;
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    const said: string[] = [];
    const taken = files.slice(0, Math.max(room, 0));
    const left = files.length - taken.length;
    if (left > 0) said.push(t`A product has at most ${PRODUCT_PHOTOS_MAX} pictures: ${left} more were not added.`);
    const wanted = taken.filter((file) => {
      if (!TYPES.includes(file.type)) said.push(t`${file.name} is not a JPEG, PNG or WebP picture.`);
      else if (file.size > PRODUCT_PHOTO_MAX_BYTES) said.push(t`${file.name} is larger than ${MAX_MB} MB.`);
      else return true;
      return false;
    });
    setProblems(said);
    if (wanted.length === 0) return;
    props.onUploading(true);
    setProgress({ done: 0, of: wanted.length });
    // One after another: each is appended as it arrives, in the order chosen.
    for (const [i, file] of wanted.entries()) {
      try {
        const base64 = await readBase64(file);
        const { MediaID, mediaUrl } = await uploadBase64Media({
          api,
          base64,
          contentType: file.type,
          purpose: 'product',
          idToken: () => tokens(session.getSnapshot())?.idToken,
        });
        setPhotos((all) => [...all, { MediaID, Url: mediaUrl, Alt: { en: '', zh: '' } }]);
      } catch (error) {
        said.push(failure(file.name, error));
        setProblems([...said]);
      }
      setProgress({ done: i + 1, of: wanted.length });
    }
    setProgress(null);
    props.onUploading(false);
  };

  const move = (from: number, to: number) =>
    setPhotos((all) => {
      const next = [...all];
      const [picked] = next.splice(from, 1);
      next.splice(to, 0, picked!);
      return next;
    });
  const setAlt = (index: number, lang: 'en' | 'zh', text: string) => setPhotos((all) => all.map((p, i) => (i === index ? { ...p, Alt: { ...p.Alt, [lang]: text } } : p)));

  const uploading = progress !== null;
  const done = progress?.done ?? 0;
  const of = progress?.of ?? 0;
  return (
    <fieldset className="catalogue-photos">
      <legend>
        <Trans>Uploaded pictures</Trans>
      </legend>
      <p className="field-hint">
        <Trans>
          Customers see these instead of the artwork, the first on the product’s card. Up to {PRODUCT_PHOTOS_MAX} JPEG, PNG or WebP pictures of at most {MAX_MB} MB each.
        </Trans>
      </p>
      {props.error('Photos') && <FormError>{props.error('Photos')}</FormError>}
      {photos.length === 0 ? (
        <p className="muted">
          <Trans>No pictures uploaded: customers see the artwork.</Trans>
        </p>
      ) : (
        <ol className="catalogue-photo-list" aria-label={t`Uploaded pictures, in the order customers see them`}>
          {photos.map((photo, i) => {
            const number = i + 1;
            return (
              <li key={photo.MediaID}>
                <div className="catalogue-photo" role="group" aria-label={t`Picture ${number}`}>
                  <img src={photo.Url} alt="" width={96} height={96} loading="lazy" />
                  <div className="catalogue-photo-fields">
                    <Field
                      label={<Trans>Alt text (English)</Trans>}
                      value={photo.Alt.en}
                      maxLength={PHOTO_ALT_MAX}
                      onChange={(e) => setAlt(i, 'en', e.target.value)}
                      error={props.error(`Photos.${i}.Alt.en`)}
                    />
                    <Field
                      label={<Trans>Alt text (Chinese)</Trans>}
                      lang="zh-Hant"
                      value={photo.Alt.zh}
                      maxLength={PHOTO_ALT_MAX}
                      onChange={(e) => setAlt(i, 'zh', e.target.value)}
                      error={props.error(`Photos.${i}.Alt.zh`)}
                    />
                    <div className="admin-actions">
                      <button type="button" className="button small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t`Move picture ${number} earlier`}>
                        <Trans>Earlier</Trans>
                      </button>
                      <button
                        type="button"
                        className="button small"
                        disabled={i === photos.length - 1}
                        onClick={() => move(i, i + 1)}
                        aria-label={t`Move picture ${number} later`}
                      >
                        <Trans>Later</Trans>
                      </button>
                      <button
                        type="button"
                        className="button small danger-text"
                        onClick={() => setPhotos((all) => all.filter((_, j) => j !== i))}
                        aria-label={t`Remove picture ${number}`}
                      >
                        <Trans>Remove</Trans>
                      </button>
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {room > 0 && (
        <div className="field">
          <label htmlFor={inputId}>
            <Trans>Upload pictures</Trans>
          </label>
          <input id={inputId} type="file" accept={TYPES.join(',')} multiple disabled={uploading} onChange={(e) => void choose(e)} />
        </div>
      )}
      <p role="status" className="muted small">
        {uploading ? t`Uploading ${done} of ${of}…` : ''}
      </p>
      {problems.map((problem, i) => (
        <FormError key={i}>{problem}</FormError>
      ))}
    </fieldset>
  );
}
