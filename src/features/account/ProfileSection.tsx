import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { UserDetail } from '../../../contract/index.ts';
import { Field } from '../../ui/Field.tsx';
import { requiredError } from '../auth/validation.ts';
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
import { PhoneFields } from './PhoneFields.tsx';
import { useUpdateInfo, type InfoChanges } from './use-update-info.ts';

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
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <SelectField label={<Trans>Title</Trans>} value={form.title} onChange={(e) => change('title', e.target.value)} autoComplete="honorific-prefix">
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
  );
}
