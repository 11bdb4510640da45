import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { staffUpdateInformationPage, type StaffBanner, type StaffInformationPage } from '../../../contract/index.ts';
import { INFORMATION_CONTENT_MAX, INFORMATION_TITLE_MAX } from '../../../contract/staff-content-fields.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, type AdminColumn } from './AdminTable.tsx';
import { BannerDeleteDialog, BannerFormDialog } from './ContentBannerDialogs.tsx';
import { informationFieldOf, informationValues, readInformationForm, type FieldErrors, type InformationField, type InformationFormValues } from './content-form.ts';
import { CONTENT_KEY, contentQueries } from './content-queries.ts';
import { useBannerKindWords, useInformationPageWords } from './content-words.ts';
import { FooterEditor } from './FooterEditor.tsx';
import { NavigationEditor } from './NavigationEditor.tsx';
import { NewsletterIssues } from './NewsletterIssues.tsx';
import './content.css';

type BannerAction = { type: 'new' } | { type: 'edit'; banner: StaffBanner } | { type: 'delete'; banner: StaffBanner };

/**
 * Content (issue 32): the banners customers see on the home page and the product type pages, added, changed and
 * deleted (after confirming); the words of the fixed information pages (about, FAQ, …) in both languages; the top
 * menu and the footer; and the newsletter's issues, written and sent from here.
 */
export function ContentScreen() {
  return (
    <section className="admin-screen content-screen" aria-labelledby="admin-content-title">
      <h2 id="admin-content-title">
        <Trans>Content</Trans>
      </h2>
      <BannersSection />
      <InformationSection />
      <NavigationEditor />
      <FooterEditor />
      <NewsletterIssues />
    </section>
  );
}

function BannersSection() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const errorText = useAdminErrorText();
  const kindWords = useBannerKindWords();
  const [action, setAction] = useState<BannerAction | null>(null);
  const [done, setDone] = useState('');
  const list = useQuery(contentQueries.banners(api));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';

  const columns = useMemo((): AdminColumn<StaffBanner>[] => {
    const col = adminColumns<StaffBanner>();
    const zh = i18n.locale.startsWith('zh');
    return [
      col.accessor('ImageUrl', { header: () => t`Picture`, cell: (c) => <img className="content-banner-thumb" src={c.getValue()} alt="" width={64} height={40} loading="lazy" /> }),
      col.display({
        id: 'title',
        header: () => t`Title`,
        cell: (c) => {
          const b = c.row.original;
          return (
            <>
              {zh ? b.Title.zh : b.Title.en}
              <br />
              <span className="muted small">{zh ? b.Subtitle.zh : b.Subtitle.en}</span>
            </>
          );
        },
      }),
      col.accessor('Kind', {
        header: () => t`Shows on`,
        cell: (c) => {
          const where = kindWords[c.getValue() as StaffBanner['Kind']];
          return c.row.original.ProductTypeID ? `${where} (${c.row.original.ProductTypeID})` : where;
        },
      }),
      col.accessor('Link', { header: () => t`Leads to`, cell: (c) => <span className="admin-mono">{c.getValue()}</span> }),
      col.accessor('Sort', { header: () => t`Place`, cell: (c) => c.getValue() }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const banner = c.row.original;
          const title = zh ? banner.Title.zh : banner.Title.en;
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Change banner ${title}`} onClick={() => setAction({ type: 'edit', banner })}>
                <Trans>Change</Trans>
              </button>
              <button type="button" className="button small danger-text" aria-label={t`Delete banner ${title}`} onClick={() => setAction({ type: 'delete', banner })}>
                <Trans>Delete</Trans>
              </button>
            </div>
          );
        },
      }),
    ];
  }, [t, i18n.locale, kindWords]);

  const close = () => setAction(null);
  return (
    <section className="content-part" aria-labelledby="admin-banners-title">
      <div className="content-part-head">
        <h3 id="admin-banners-title">
          <Trans>Banners</Trans>
        </h3>
        <button type="button" className="button primary" onClick={() => setAction({ type: 'new' })}>
          <Trans>Add a banner</Trans>
        </button>
      </div>
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={<Trans>Banners, by where they show, in the order customers see them</Trans>}
        columns={columns}
        rows={list.data}
        rowId={(b) => b.BannerID}
        empty={<Trans>No banners yet.</Trans>}
        failed={code ? <Trans>The banners could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
      />
      {action?.type === 'new' && (
        <BannerFormDialog
          onClose={close}
          onSaved={() => {
            setDone(t`Banner added.`);
            close();
          }}
        />
      )}
      {action?.type === 'edit' && (
        <BannerFormDialog
          key={action.banner.BannerID}
          banner={action.banner}
          onClose={close}
          onSaved={() => {
            setDone(t`Banner saved.`);
            close();
          }}
        />
      )}
      {action?.type === 'delete' && (
        <BannerDeleteDialog
          banner={action.banner}
          onClose={close}
          onDeleted={() => {
            setDone(t`Banner deleted.`);
            close();
          }}
        />
      )}
    </section>
  );
}

function InformationSection() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const errorText = useAdminErrorText();
  const pageWords = useInformationPageWords();
  const [open, setOpen] = useState<StaffInformationPage | null>(null);
  const list = useQuery(contentQueries.informationPages(api));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';

  const columns = useMemo((): AdminColumn<StaffInformationPage>[] => {
    const col = adminColumns<StaffInformationPage>();
    const zh = i18n.locale.startsWith('zh');
    return [
      col.accessor('ID', { header: () => t`Page`, cell: (c) => pageWords[c.getValue() as StaffInformationPage['ID']] }),
      col.accessor('Title', { header: () => t`Title`, cell: (c) => (zh ? c.getValue().zh : c.getValue().en) }),
      col.accessor('UpdatedAt', { header: () => t`Last changed`, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const page = pageWords[c.row.original.ID];
          return (
            <button type="button" className="button small" aria-label={t`Edit the page ${page}`} onClick={() => setOpen(c.row.original)}>
              <Trans>Edit</Trans>
            </button>
          );
        },
      }),
    ];
  }, [t, i18n.locale, pageWords]);

  return (
    <section className="content-part" aria-labelledby="admin-information-title">
      <h3 id="admin-information-title">
        <Trans>Information pages</Trans>
      </h3>
      <AdminTable
        caption={<Trans>Information pages</Trans>}
        columns={columns}
        rows={list.data}
        rowId={(p) => p.ID}
        empty={<Trans>No information pages.</Trans>}
        failed={code ? <Trans>The information pages could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
      />
      {open && <InformationPageForm key={open.ID} page={open} onDone={() => setOpen(null)} />}
    </section>
  );
}

/** One information page's title and text in both languages; saved once however often Save is pressed. */
function InformationPageForm({ page, onDone }: { page: StaffInformationPage; onDone: () => void }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const errorText = useAdminErrorText();
  const pageName = useInformationPageWords()[page.ID];
  const [values, setValues] = useState<InformationFormValues>(() => informationValues(page));
  const [invalid, setInvalid] = useState<FieldErrors<InformationField>>({});
  const ids = { contentEn: useId(), contentZh: useId() };
  const save = useMutation({
    mutationFn: (body: Extract<ReturnType<typeof readInformationForm>, { body: unknown }>['body']) => api.call(staffUpdateInformationPage, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
    meta: { handlesErrors: true },
  });
  const code = errorCode(save.error);
  const serverField = code === 'InvalidParameter' && save.error instanceof ApiError ? informationFieldOf(save.error.details.field as string | undefined) : undefined;
  const message = !code || serverField ? undefined : errorText(code, 'load');
  const titleMax = formatNumber(INFORMATION_TITLE_MAX, i18n.locale);
  const textMax = formatNumber(INFORMATION_CONTENT_MAX, i18n.locale);
  const words: Record<InformationField, string> = {
    titleEn: t`Enter the English title (at most ${titleMax} characters).`,
    titleZh: t`Enter the Chinese title (at most ${titleMax} characters).`,
    contentEn: t`Enter the English text (at most ${textMax} characters).`,
    contentZh: t`Enter the Chinese text (at most ${textMax} characters).`,
  };
  const errorOf = (field: InformationField) => (invalid[field] || serverField === field ? words[field] : undefined);
  const set = (key: InformationField, value: string) => {
    setValues((before) => ({ ...before, [key]: value }));
    if (save.error || save.isSuccess) save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const read = readInformationForm(page.ID, values);
    if ('errors' in read) {
      setInvalid(read.errors);
      return;
    }
    setInvalid({});
    save.mutate(read.body);
  };
  const area = (key: 'contentEn' | 'contentZh', label: React.ReactNode, lang?: string) => {
    const error = errorOf(key);
    const id = ids[key];
    return (
      <div className="field" data-invalid={!!error}>
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          rows={12}
          lang={lang}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="field-hint">
          <Trans>A blank line starts a new paragraph; a line starting with ## is a heading.</Trans>
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form className="admin-dialog content-information-form" onSubmit={submit} aria-label={t`Edit the page ${pageName}`} noValidate>
      <h4>
        <Trans>Edit the page {pageName}</Trans>
      </h4>
      <div className="content-form-pair">
        <Field label={<Trans>Title in English</Trans>} value={values.titleEn} onChange={(e) => set('titleEn', e.target.value)} maxLength={INFORMATION_TITLE_MAX} error={errorOf('titleEn')} />
        <Field label={<Trans>Title in Chinese</Trans>} value={values.titleZh} onChange={(e) => set('titleZh', e.target.value)} maxLength={INFORMATION_TITLE_MAX} lang="zh-Hant" error={errorOf('titleZh')} />
      </div>
      <div className="content-form-pair">
        {area('contentEn', <Trans>Text in English</Trans>)}
        {area('contentZh', <Trans>Text in Chinese</Trans>, 'zh-Hant')}
      </div>
      {message && <FormError>{message}</FormError>}
      {save.isSuccess && (
        <p className="admin-done" role="status">
          <Trans>Saved. Customers see the new words now.</Trans>
        </p>
      )}
      <div className="admin-dialog-actions">
        <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </button>
        <button type="button" className="button" onClick={onDone}>
          <Trans>Close</Trans>
        </button>
      </div>
    </form>
  );
}
