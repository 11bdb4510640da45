import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { staffCreateEvent, staffUpdateEvent, type ProductType, type StaffEvent } from '../../../contract/index.ts';
import {
  EVENT_ADDRESS_MAX,
  EVENT_BIO_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_MAP_URL_MAX,
  EVENT_NAME_MAX,
  EVENT_REMARK_MAX,
  EVENT_TITLE_MAX,
  EventDescription,
  EventHostFields,
  EventImage,
  EventLocationFields,
  EventRemark,
  EventTitle,
} from '../../../contract/staff-event-fields.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FieldFrame, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { focusFirstError, issuePaths, serverField, useLocalName, type FieldErrors } from './catalogue-form.ts';
import { EVENTS_KEY, SESSIONS_KEY } from './events-queries.ts';

/** The texts typed in both languages, by the body's path of each pair ('Host.Name' is Host.Name.en and .zh). */
const PAIRS = ['Title', 'Description', 'Host.Name', 'Host.Bio', 'Location.Name', 'Location.Address', 'Location.District', 'Remark'] as const;
type Pair = (typeof PAIRS)[number];
type EventDraft = { type: string; texts: Record<Pair, { en: string; zh: string }>; mapUrl: string; image: string; published: boolean };

const draftOf = (e: StaffEvent | undefined): EventDraft => {
  const blank = { en: '', zh: '' };
  return {
    type: e?.ProductTypeID ?? '',
    texts: {
      Title: e?.Title ?? blank,
      Description: e?.Description ?? blank,
      'Host.Name': e?.Host.Name ?? blank,
      'Host.Bio': e?.Host.Bio ?? blank,
      'Location.Name': e?.Location.Name ?? blank,
      'Location.Address': e?.Location.Address ?? blank,
      'Location.District': e?.Location.District ?? blank,
      Remark: e?.Remark ?? blank,
    },
    mapUrl: e?.Location.MapURL ?? '',
    image: e?.Image ?? '',
    published: e?.Published ?? true,
  };
};

type CheckedEvent = {
  ProductTypeID: string;
  Title: { en: string; zh: string };
  Description: { en: string; zh: string };
  Host: v.InferOutput<typeof EventHostFields>;
  Location: v.InferOutput<typeof EventLocationFields>;
  Remark: { en: string; zh: string };
  Image: string;
  Published: boolean;
};

/** The draft checked with the calls' own schemas: the body to send, or the paths of the fields to fix. */
function checkEvent(d: EventDraft): { event?: CheckedEvent; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!d.type) errors.ProductTypeID = true;
  const check = <S extends v.GenericSchema>(prefix: string, schema: S, value: unknown): v.InferOutput<S> | undefined => {
    const r = v.safeParse(schema, value);
    if (r.success) return r.output;
    for (const path of Object.keys(issuePaths(r.issues))) errors[path ? `${prefix}.${path}` : prefix] = true;
    return undefined;
  };
  const Title = check('Title', EventTitle, d.texts.Title);
  const Description = check('Description', EventDescription, d.texts.Description);
  const Host = check('Host', EventHostFields, { Name: d.texts['Host.Name'], Bio: d.texts['Host.Bio'] });
  const Location = check('Location', EventLocationFields, {
    Name: d.texts['Location.Name'],
    Address: d.texts['Location.Address'],
    District: d.texts['Location.District'],
    MapURL: d.mapUrl,
  });
  const Remark = check('Remark', EventRemark, d.texts.Remark);
  const Image = check('Image', EventImage, d.image);
  if (Object.keys(errors).length > 0 || !Title || !Description || !Host || !Location || !Remark || Image === undefined) return { errors };
  return { event: { ProductTypeID: d.type, Title, Description, Host, Location, Remark, Image, Published: d.published }, errors };
}

/** The words said at an event field that is wrong, by its path: each names what to type, not what failed. */
function useEventFieldWords(): (path: string) => string {
  const { t } = useLingui();
  return (path) => {
    const zh = path.endsWith('.zh');
    switch (path.replace(/\.(en|zh)$/, '')) {
      case 'ProductTypeID':
        return t`Choose what is tasted (the product type).`;
      case 'Title':
        return zh ? t`Enter the Chinese title (at most 120 characters).` : t`Enter the English title (at most 120 characters).`;
      case 'Description':
        return t`A description may have at most 5,000 characters.`;
      case 'Host.Name':
        return zh ? t`Enter the host’s name in Chinese (at most 120 characters).` : t`Enter the host’s name in English (at most 120 characters).`;
      case 'Host.Bio':
        return t`A host’s introduction may have at most 2,000 characters.`;
      case 'Location.Name':
        return zh ? t`Enter the venue’s name in Chinese (at most 120 characters).` : t`Enter the venue’s name in English (at most 120 characters).`;
      case 'Location.Address':
        return zh ? t`Enter the address in Chinese (at most 300 characters).` : t`Enter the address in English (at most 300 characters).`;
      case 'Location.District':
        return zh ? t`Enter the district in Chinese (at most 120 characters).` : t`Enter the district in English (at most 120 characters).`;
      case 'Location.MapURL':
        return t`Enter a map link starting with https://, or leave it empty.`;
      case 'Remark':
        return t`A remark may have at most 1,000 characters.`;
      case 'Image':
        return t`Enter one artwork seed such as teapot-28-3 (motif, hue 0–359, variant 0–9).`;
      default:
        return t`Check this field.`;
    }
  };
}

/** Paths of the fields this form shows, so that a 400 naming one of them is said there. */
const SHOWN_FIELD = /^(ProductTypeID|Title|Description|Host\.(Name|Bio)|Location\.(Name|Address|District)|Remark)\.(en|zh)$|^(ProductTypeID|Location\.MapURL|Image)$/;

/** One text in English and Chinese, side by side (a column each on a wide screen). */
function BilingualPair(props: {
  en: ReactNode;
  zh: ReactNode;
  value: { en: string; zh: string };
  max: number;
  long?: boolean;
  error: (path: string) => string | undefined;
  path: string;
  onChange: (value: { en: string; zh: string }) => void;
}) {
  const { value, max, long, path } = props;
  const control = (lang: 'en' | 'zh') => {
    const set = (text: string) => props.onChange({ ...value, [lang]: text });
    const langAttr = lang === 'zh' ? 'zh-Hant' : undefined;
    return long ? (
      <FieldFrame
        label={props[lang]}
        error={props.error(`${path}.${lang}`)}
        control={(links) => <textarea {...links} lang={langAttr} rows={3} maxLength={max} value={value[lang]} onChange={(e) => set(e.target.value)} />}
      />
    ) : (
      <Field label={props[lang]} lang={langAttr} maxLength={max} value={value[lang]} onChange={(e) => set(e.target.value)} error={props.error(`${path}.${lang}`)} />
    );
  };
  return (
    <div className="events-grid">
      {control('en')}
      {control('zh')}
    </div>
  );
}

/**
 * Make an event or change one: what is tasted, titles and descriptions, host, venue and map link, remark (each
 * in English and Chinese), its cover and whether customers see it. Fields are checked with the calls' schemas
 * before anything is sent; a 400 naming a field is said at that field.
 */
export function EventFormDialog(props: { event?: StaffEvent; productTypes: ProductType[]; onClose: () => void; onSaved: (event: StaffEvent) => void }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const words = useEventFieldWords();
  const localName = useLocalName();
  const errorText = useAdminErrorText();
  const form = useRef<HTMLFormElement>(null);
  const editing = props.event;
  const [draft, setDraft] = useState<EventDraft>(() => draftOf(editing));
  const [invalid, setInvalid] = useState<FieldErrors>({});
  // Set at once on submit, before the pending state re-renders the button disabled.
  const sending = useRef(false);
  const save = useMutation({
    mutationFn: (body: CheckedEvent) => (editing ? api.call(staffUpdateEvent, { EventID: editing.EventID, ...body }) : api.call(staffCreateEvent, body)),
    onSuccess: async ({ Event }) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: EVENTS_KEY }), queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })]);
      props.onSaved(Event);
    },
    onError: () => requestAnimationFrame(() => focusFirstError(form.current)),
    onSettled: () => {
      sending.current = false;
    },
    meta: { handlesErrors: true },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const checked = checkEvent(draft);
    setInvalid(checked.errors);
    save.reset();
    if (checked.event) {
      sending.current = true;
      save.mutate(checked.event);
    } else requestAnimationFrame(() => focusFirstError(form.current));
  };

  const code = errorCode(save.error);
  const refused = serverField(save.error);
  const onField = refused !== undefined && SHOWN_FIELD.test(refused);
  const errors: FieldErrors = onField ? { ...invalid, [refused]: true } : invalid;
  const error = (path: string) => (errors[path] ? words(path) : undefined);
  const formError = code && !onField ? (code === 'ObjectNotFound' ? t`This event no longer exists.` : errorText(code, 'load')) : undefined;
  const set = (change: Partial<EventDraft>) => setDraft((d) => ({ ...d, ...change }));
  const pair = (path: Pair, en: ReactNode, zh: ReactNode, max: number, long = false) => (
    <BilingualPair
      path={path}
      en={en}
      zh={zh}
      max={max}
      long={long}
      value={draft.texts[path]}
      error={error}
      onChange={(value) => setDraft((d) => ({ ...d, texts: { ...d.texts, [path]: value } }))}
    />
  );
  const preview = v.safeParse(EventImage, draft.image);
  const title = editing?.Title.en ?? '';

  return (
    <Popup title={editing ? t`Edit event ${title}` : t`New event`} onClose={props.onClose}>
      <form ref={form} className="admin-dialog events-form" onSubmit={submit} noValidate>
        <SelectField label={<Trans>What is tasted</Trans>} value={draft.type} onChange={(e) => set({ type: e.target.value })} error={error('ProductTypeID')}>
          <option value="">{t`Choose a type`}</option>
          {props.productTypes.map((pt) => (
            <option key={pt.ProductTypeID} value={pt.ProductTypeID}>
              {localName(pt.Name)}
            </option>
          ))}
        </SelectField>
        {pair('Title', <Trans>Title (English)</Trans>, <Trans>Title (Chinese)</Trans>, EVENT_TITLE_MAX)}
        {pair('Description', <Trans>Description (English)</Trans>, <Trans>Description (Chinese)</Trans>, EVENT_DESCRIPTION_MAX, true)}
        <fieldset className="events-fieldset">
          <legend>
            <Trans>Host</Trans>
          </legend>
          {pair('Host.Name', <Trans>Host’s name (English)</Trans>, <Trans>Host’s name (Chinese)</Trans>, EVENT_NAME_MAX)}
          {pair('Host.Bio', <Trans>About the host (English)</Trans>, <Trans>About the host (Chinese)</Trans>, EVENT_BIO_MAX, true)}
        </fieldset>
        <fieldset className="events-fieldset">
          <legend>
            <Trans>Venue</Trans>
          </legend>
          {pair('Location.Name', <Trans>Venue (English)</Trans>, <Trans>Venue (Chinese)</Trans>, EVENT_NAME_MAX)}
          {pair('Location.Address', <Trans>Address (English)</Trans>, <Trans>Address (Chinese)</Trans>, EVENT_ADDRESS_MAX)}
          {pair('Location.District', <Trans>District (English)</Trans>, <Trans>District (Chinese)</Trans>, EVENT_NAME_MAX)}
          <Field
            label={<Trans>Map link</Trans>}
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={EVENT_MAP_URL_MAX}
            value={draft.mapUrl}
            onChange={(e) => set({ mapUrl: e.target.value })}
            error={error('Location.MapURL')}
          />
        </fieldset>
        {pair('Remark', <Trans>Remark (English)</Trans>, <Trans>Remark (Chinese)</Trans>, EVENT_REMARK_MAX, true)}
        <Field
          label={<Trans>Cover (artwork seed)</Trans>}
          hint={<Trans>Such as teapot-28-3: motif (leaf, teapot, cup, bean, pourover, incense, censer, bottle, glass, kettle, box, landscape), hue, variant.</Trans>}
          value={draft.image}
          autoComplete="off"
          onChange={(e) => set({ image: e.target.value })}
          error={error('Image')}
        />
        {preview.success && <img className="events-cover" src={`/media/art/${preview.output}.svg`} alt={t`Cover as it shows`} width={96} height={96} />}
        <label className="events-check">
          <input type="checkbox" checked={!draft.published} onChange={(e) => set({ published: !e.target.checked })} />
          <Trans>Hidden from customers (no listing, no page; bookings stay)</Trans>
        </label>
        {formError && <FormError>{formError}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : editing ? <Trans>Save event</Trans> : <Trans>Make event</Trans>}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
