import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, PHOTO_TYPES } from '../../../machines/taste-card/taste-card.types.ts';
import { Field } from '../../ui/Field.tsx';
import { useTasteCardFlow } from './flow-context.ts';
import { photoProblemMessage, problemMessage } from './taste-card-words.ts';

/** The file as a data URL (its preview; the machine strips the prefix before uploading). */
function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Step 4: title, description and a photo with its preview (or the drink's own picture). */
export function DetailsStep() {
  const actor = useTasteCardFlow();
  const answers = useSelector(actor, select.answers);
  const product = useSelector(actor, select.product);
  const problems = useSelector(actor, select.shownProblems);
  const photoProblem = useSelector(actor, select.photoProblem);
  const { t, i18n } = useLingui();
  const id = useId();
  const titleProblem = problems.find((p) => p.field === 'Title');
  const descriptionProblem = problems.find((p) => p.field === 'Description');

  return (
    <div className="taste-details form">
      <Field
        label={t`Card title`}
        value={answers.title}
        maxLength={MAX_TITLE_LENGTH}
        onChange={(e) => actor.send({ type: 'SET_DETAILS', title: e.target.value })}
        error={titleProblem ? i18n._(problemMessage(titleProblem)) : undefined}
        hint={t`For example: Honeyed and floral, second steep`}
      />
      <div className="field" data-invalid={descriptionProblem !== undefined}>
        <label htmlFor={`${id}-description`}>
          <Trans>Description</Trans>
        </label>
        <textarea
          id={`${id}-description`}
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          value={answers.description}
          onChange={(e) => actor.send({ type: 'SET_DETAILS', description: e.target.value })}
        />
      </div>
      <fieldset className="taste-photo">
        <legend className="taste-section-title">
          <Trans>Photo</Trans>
        </legend>
        <figure className="taste-photo-preview">
          <img src={answers.photo?.dataUrl ?? product?.Image} alt={answers.photo ? t`Your photo` : t`The drink's own picture`} />
          <figcaption>{answers.photo ? <Trans>Your photo</Trans> : <Trans>Without a photo, the card shows the drink's own picture.</Trans>}</figcaption>
        </figure>
        <div className="field">
          <label htmlFor={`${id}-photo`}>{answers.photo ? <Trans>Choose another photo</Trans> : <Trans>Add a photo</Trans>}</label>
          <input
            id={`${id}-photo`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            aria-describedby={`${id}-photo-hint${photoProblem ? ` ${id}-photo-error` : ''}`}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const dataUrl = await readDataUrl(file);
              actor.send({ type: 'CHOOSE_PHOTO', photo: { dataUrl, type: file.type, size: file.size, name: file.name } });
            }}
          />
          <p id={`${id}-photo-hint`} className="field-hint">
            <Trans>JPEG, PNG or WebP, up to 2 MB.</Trans>
          </p>
          {photoProblem && (
            <p id={`${id}-photo-error`} className="field-error" role="alert">
              {i18n._(photoProblemMessage(photoProblem))}
            </p>
          )}
        </div>
        {answers.photo && (
          <button type="button" className="button" onClick={() => actor.send({ type: 'REMOVE_PHOTO' })}>
            <Trans>Remove the photo</Trans>
          </button>
        )}
      </fieldset>
    </div>
  );
}
