import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  ErrorCode,
  userDeleteAvatar,
  userUpdateInfo,
  type UserDetail,
} from '../../../contract/index.ts';
import { tokens } from '../../../machines/session/session.selectors.ts';
import { ApiError, type ApiClient } from '../../api/client.ts';
import { uploadBase64Media } from '../../api/upload-media.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { requiredError } from '../../ui/validation.ts';
import { failureMessage, SaveStatus, SelectField, TextAreaField, useMessage } from './account-ui.tsx';
import {
  BIO_MAX,
  bioError,
  birthdayError,
  DEFAULT_CALLING_CODE,
  normalizePhone,
  phoneError,
  today,
} from './account-validation.ts';
import { PhoneFields } from '../../ui/PhoneFields.tsx';
import { useUpdateInfo, type InfoChanges } from './use-update-info.ts';
import './avatar.css';

type Title = NonNullable<UserDetail['title']>;
type Gender = NonNullable<UserDetail['gender']>;

function formFrom(member: UserDetail) {
  return {
    title: member.title ?? '',
    givenName: member.givenName,
    familyName: member.familyName,
    gender: member.gender ?? '',
    birthday: member.birthday ?? '',
    phoneCountryCode: member.phoneCountryCode || DEFAULT_CALLING_CODE,
    phone: member.phone ?? '',
    bio: member.bio,
  };
}
type ProfileForm = ReturnType<typeof formFrom>;

/** Title, names, gender, birthday, phone and bio, saved with user-update-info. */
export function ProfileSection(props: { member: UserDetail }) {
  const { t } = useLingui();
  const text = useMessage();
  const save = useUpdateInfo();
  const [form, setForm] = useState<ProfileForm>(() => formFrom(props.member));
  const [touched, setTouched] = useState(false);
  const problems = {
    givenName: requiredError(form.givenName),
    familyName: requiredError(form.familyName),
    birthday: birthdayError(form.birthday),
    phone: phoneError(form.phone, { required: false }),
    bio: bioError(form.bio),
  };
  const shown = (key: keyof typeof problems) => (touched ? text(problems[key]) : undefined);
  const change = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (!save.isPending) save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    const phone = normalizePhone(form.phone);
    // Empty optional fields are left out: the server keeps what it has.
    const changes: InfoChanges = {
      given_name: form.givenName.trim(),
      family_name: form.familyName.trim(),
      bio: form.bio,
      ...(form.title ? { title: form.title as Title } : {}),
      ...(form.gender ? { gender: form.gender as Gender } : {}),
      ...(form.birthday ? { birthday: form.birthday } : {}),
      ...(phone ? { phone, phoneCountryCode: form.phoneCountryCode } : {}),
    };
    save.mutate(changes);
  };

  const busy = save.isPending;
  return (
    <>
      <AvatarBlock member={props.member} />
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        <SelectField
          label={<Trans>Title</Trans>}
          value={form.title}
          onChange={(e) => change('title', e.target.value)}
          autoComplete="honorific-prefix"
        >
          <option value="">{t`Not set`}</option>
          <option value="Mr.">{t`Mr.`}</option>
          <option value="Mrs.">{t`Mrs.`}</option>
          <option value="Miss">{t`Miss`}</option>
          <option value="Other">{t`Other`}</option>
        </SelectField>
        <div className="field-row">
          <Field
            label={<Trans>Given name</Trans>}
            autoComplete="given-name"
            maxLength={100}
            value={form.givenName}
            onChange={(e) => change('givenName', e.target.value)}
            error={shown('givenName')}
          />
          <Field
            label={<Trans>Family name</Trans>}
            autoComplete="family-name"
            maxLength={100}
            value={form.familyName}
            onChange={(e) => change('familyName', e.target.value)}
            error={shown('familyName')}
          />
        </div>
        <SelectField label={<Trans>Gender</Trans>} value={form.gender} onChange={(e) => change('gender', e.target.value)}>
          <option value="">{t`Prefer not to say`}</option>
          <option value="female">{t`Female`}</option>
          <option value="male">{t`Male`}</option>
          <option value="other">{t`Other`}</option>
        </SelectField>
        <Field
          label={<Trans>Birthday</Trans>}
          type="date"
          autoComplete="bday"
          max={today()}
          value={form.birthday}
          onChange={(e) => change('birthday', e.target.value)}
          error={shown('birthday')}
        />
        <PhoneFields
          label={<Trans>Contact number</Trans>}
          callingCode={form.phoneCountryCode}
          phone={form.phone}
          onCallingCode={(code) => change('phoneCountryCode', code)}
          onPhone={(phone) => change('phone', phone)}
          error={shown('phone')}
        />
        <TextAreaField
          label={<Trans>Bio</Trans>}
          rows={4}
          maxLength={BIO_MAX}
          value={form.bio}
          onChange={(e) => change('bio', e.target.value)}
          error={shown('bio')}
          hint={`${form.bio.length}/${BIO_MAX}`}
        />
        <SaveStatus saved={save.isSuccess} error={save.isError ? text(failureMessage(save.error)) : undefined} />
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? t`Saving…` : t`Save profile`}
        </button>
      </form>
    </>
  );
}

// ---------- Profile picture ----------

const AVATAR_ACCEPT = AVATAR_TYPES.join(',');
const isAvatarType = (type: string) => (AVATAR_TYPES as readonly string[]).includes(type);

const NOT_A_PICTURE = msg`This file is not a JPEG, PNG or WebP picture. Please choose another one.`;
const TOO_LARGE = msg`This picture is larger than 2 MB. Please choose a smaller one.`;

/** Client-side checks before anything is sent; the server checks the bytes again. */
function pictureProblem(file: File): MessageDescriptor | undefined {
  if (!isAvatarType(file.type)) return NOT_A_PICTURE;
  if (file.size > AVATAR_MAX_BYTES) return TOO_LARGE;
  if (file.size === 0) return msg`This file is empty. Please choose another one.`;
  return undefined;
}

/** The file as base64, with the data-URL prefix removed (spec §5). */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*;base64,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Uploads a picture (src/api/upload-media.ts); answers the address to set as the avatar. */
async function uploadPicture(options: { api: ApiClient; file: File; idToken: () => string | undefined }): Promise<string> {
  const base64 = await readBase64(options.file);
  return (await uploadBase64Media({ api: options.api, base64, contentType: options.file.type, idToken: options.idToken })).mediaUrl;
}

/** Words for a failed upload. */
function uploadFailure(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.status === 413) return TOO_LARGE;
  const code = errorCode(error);
  if (code === ErrorCode.InvalidParameter) return NOT_A_PICTURE;
  if (code === ErrorCode.LimitError) return msg`Too many pictures uploaded. Please try again in an hour.`;
  if (code === ErrorCode.ObjectNotFound) return msg`The upload took too long. Please try again.`;
  return failureMessage(error);
}

/** The member's picture (or initial), with change, preview, save, cancel and remove. */
function AvatarBlock(props: { member: UserDetail }) {
  const { t } = useLingui();
  const text = useMessage();
  const { api, session } = useServices();
  const inputId = useId();
  const headingId = useId();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<MessageDescriptor | undefined>();
  const [done, setDone] = useState<MessageDescriptor | undefined>();

  // The preview's object URL is released when it is replaced or the block goes away.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const avatar = await uploadPicture({ api, file, idToken: () => tokens(session.getSnapshot())?.idToken });
      return api.call(userUpdateInfo, { avatar, accessToken: '' });
    },
    onSuccess: (answer) => {
      session.send({ type: 'USER_UPDATED', user: answer.userDetailInfo });
      setChosen(null);
      setDone(msg`Picture saved`);
    },
    onError: (error) => setProblem(uploadFailure(error)),
    meta: { handlesErrors: true },
  });
  const remove = useMutation({
    mutationFn: () => api.call(userDeleteAvatar, {}),
    onSuccess: (answer) => {
      session.send({ type: 'USER_UPDATED', user: answer.userDetailInfo });
      setDone(msg`Picture removed`);
    },
    onError: (error) => setProblem(failureMessage(error)),
    meta: { handlesErrors: true },
  });
  const busy = upload.isPending || remove.isPending;

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared, so choosing the same file again still counts as a change.
    e.target.value = '';
    if (!file) return;
    setDone(undefined);
    const found = pictureProblem(file);
    setProblem(found);
    setChosen(found ? null : { file, url: URL.createObjectURL(file) });
  };

  const cancel = () => {
    setChosen(null);
    setProblem(undefined);
  };

  const member = props.member;
  const initial = (member.givenName || member.name || member.email).trim().charAt(0).toUpperCase();
  const shown = chosen?.url ?? member.avatar;

  return (
    <section className="avatar-block" aria-labelledby={headingId} aria-busy={busy}>
      <h3 id={headingId} className="visually-hidden">
        <Trans>Profile picture</Trans>
      </h3>
      <div className="avatar-frame" data-preview={chosen ? true : undefined}>
        {shown ? (
          <img
            className="avatar-image"
            src={shown}
            alt={chosen ? t`Preview of the chosen picture` : t`Your profile picture`}
            width={96}
            height={96}
          />
        ) : (
          <span className="avatar-initial" aria-hidden="true">
            {initial}
          </span>
        )}
      </div>
      <div className="avatar-actions">
        {chosen ? (
          <>
            <p className="avatar-note">
              <Trans>This is a preview. Save it to use it as your picture.</Trans>
            </p>
            <div className="avatar-buttons">
              <button type="button" className="button primary small" disabled={busy} onClick={() => upload.mutate(chosen.file)}>
                {upload.isPending ? t`Uploading…` : t`Save picture`}
              </button>
              <button type="button" className="button small" disabled={busy} onClick={cancel}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </>
        ) : (
          <div className="avatar-buttons">
            <input
              id={inputId}
              className="visually-hidden avatar-file"
              type="file"
              accept={AVATAR_ACCEPT}
              disabled={busy}
              onChange={choose}
            />
            <label htmlFor={inputId} className="button small avatar-choose" aria-disabled={busy || undefined}>
              <Trans>Change picture</Trans>
            </label>
            {member.avatar && (
              <button type="button" className="button small" disabled={busy} onClick={() => remove.mutate()}>
                {remove.isPending ? t`Removing…` : t`Remove picture`}
              </button>
            )}
          </div>
        )}
        <p className="field-hint">
          <Trans>JPEG, PNG or WebP, up to 2 MB.</Trans>
        </p>
        <p className="avatar-status" aria-live="polite">
          {done && !problem ? text(done) : null}
        </p>
        {problem && <FormError>{text(problem)}</FormError>}
      </div>
    </section>
  );
}
