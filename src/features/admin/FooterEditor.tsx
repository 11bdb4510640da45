import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { staffSaveFooter } from '../../../contract/index.ts';
import { FOOTER_COLUMNS_MAX, FOOTER_LINKS_MAX, FOOTER_NOTE_MAX, MENU_LABEL_MAX } from '../../../contract/staff-menu-fields.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { formatNumber } from '../../ui/format.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { CONTENT_KEY, CUSTOMER_MENU_KEYS, contentQueries } from './content-queries.ts';
import { footerColumnRows, menuFieldOf, moved, readFooter, type FooterBody, type FooterColumnRows, type FooterErrors } from './menu-form.ts';
import { LinkRowsEditor, PageChoices, refusedField } from './NavigationEditor.tsx';

const NO_ERRORS: FooterErrors = { columns: {}, links: {} };

/** The footer (issue 32): its columns of links and the note under them; customers' getFooterContent answers it at once. */
export function FooterEditor() {
  const { api } = useServices();
  const errorText = useAdminErrorText();
  const read = useQuery(contentQueries.footer(api));
  const code = errorCode(read.error);
  const reason = code ? errorText(code, 'load') : '';
  return (
    <section className="content-part" aria-labelledby="admin-footer-title">
      <h3 id="admin-footer-title">
        <Trans>Footer</Trans>
      </h3>
      {read.data ? (
        <FooterForm footer={read.data} pages={read.data.Pages} />
      ) : code ? (
        <RetryAlert onRetry={() => void read.refetch()}>
          <Trans>The footer could not be loaded. {reason}</Trans>
        </RetryAlert>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </section>
  );
}

function FooterForm({ footer, pages }: { footer: FooterBody; pages: string[] }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const errorText = useAdminErrorText();
  const pagesId = useId();
  const noteIds = { en: useId(), zh: useId() };
  const [columns, setColumns] = useState(() => footer.Columns.map((c) => footerColumnRows(c)));
  const [note, setNote] = useState(footer.Note);
  const [errors, setErrors] = useState<FooterErrors>(NO_ERRORS);
  const save = useMutation({
    mutationFn: (body: FooterBody) => api.call(staffSaveFooter, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...CONTENT_KEY, 'footer'] }),
        ...CUSTOMER_MENU_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
    meta: { handlesErrors: true },
  });
  const code = errorCode(save.error);
  const refused = code === 'InvalidParameter' ? menuFieldOf(refusedField(save.error)) : undefined;
  const message = !code || refused ? undefined : errorText(code, 'load');
  const labelMax = MENU_LABEL_MAX;
  const noteMax = formatNumber(FOOTER_NOTE_MAX, i18n.locale);
  const columnsMax = FOOTER_COLUMNS_MAX;
  const linksMax = FOOTER_LINKS_MAX;

  const touched = () => {
    if (save.error || save.isSuccess) save.reset();
  };
  const changeColumns = (change: (all: FooterColumnRows[]) => FooterColumnRows[]) => {
    setColumns(change);
    touched();
  };
  const setColumn = (i: number, change: Partial<FooterColumnRows>) => changeColumns((all) => all.map((c, at) => (at === i ? { ...c, ...change } : c)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const read = readFooter(columns, note);
    setErrors('errors' in read ? read.errors : NO_ERRORS);
    if ('body' in read) save.mutate(read.body);
  };
  const titleError = (column: FooterColumnRows, i: number, field: 'titleEn' | 'titleZh') => {
    const kind = errors.columns[column.key]?.[field] ?? (refused?.list === 'title' && refused.column === i && refused.field === field ? 'server' : undefined);
    if (!kind) return undefined;
    if (kind === 'duplicate' || kind === 'server') return t`Another column has this title already.`;
    return field === 'titleEn' ? t`Enter the English title (at most ${labelMax} characters).` : t`Enter the Chinese title (at most ${labelMax} characters).`;
  };

  return (
    <form className="admin-dialog menu-form" onSubmit={submit} aria-label={t`Footer`} noValidate>
      <p className="muted small">
        <Trans>The columns of links at the foot of every page, and the note under them.</Trans>
      </p>
      <PageChoices id={pagesId} pages={pages} />
      <ol className="menu-columns">
        {columns.map((column, i) => {
          const n = i + 1;
          const title = column.titleEn.trim() || t`Column ${n}`;
          const linksWrong = errors.columns[column.key]?.links;
          return (
            <li key={column.key}>
              <fieldset className="menu-column">
                <legend>{t`Column ${n}`}</legend>
                <div className="content-form-pair">
                  <Field label={<Trans>Title in English</Trans>} value={column.titleEn} maxLength={labelMax} onChange={(e) => setColumn(i, { titleEn: e.target.value })} error={titleError(column, i, 'titleEn')} />
                  <Field label={<Trans>Title in Chinese</Trans>} lang="zh-Hant" value={column.titleZh} maxLength={labelMax} onChange={(e) => setColumn(i, { titleZh: e.target.value })} error={titleError(column, i, 'titleZh')} />
                </div>
                <LinkRowsEditor
                  rows={column.links}
                  onChange={(links) => setColumn(i, { links })}
                  errors={errors.links}
                  serverRefused={refused?.list === 'column' && refused.column === i ? refused : undefined}
                  pagesId={pagesId}
                  max={linksMax}
                  nameOf={(n) => t`Link ${n} of ${title}`}
                  addLabel={<Trans>Add a link to {title}</Trans>}
                />
                {linksWrong && <FormError>{t`A column needs from 1 to ${linksMax} links.`}</FormError>}
                <div className="admin-actions">
                  <button type="button" className="button small" aria-label={t`Move the column ${title} left`} disabled={i === 0} onClick={() => changeColumns((all) => moved(all, i, -1))}>
                    <Trans>Move left</Trans>
                  </button>
                  <button
                    type="button"
                    className="button small"
                    aria-label={t`Move the column ${title} right`}
                    disabled={i === columns.length - 1}
                    onClick={() => changeColumns((all) => moved(all, i, 1))}
                  >
                    <Trans>Move right</Trans>
                  </button>
                  <button type="button" className="button small danger-text" aria-label={t`Remove the column ${title}`} onClick={() => changeColumns((all) => all.filter((_, at) => at !== i))}>
                    <Trans>Remove the column</Trans>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <button type="button" className="button small" disabled={columns.length >= columnsMax} onClick={() => changeColumns((all) => [...all, footerColumnRows()])}>
          <Trans>Add a column</Trans>
        </button>
      </div>
      <div className="content-form-pair">
        {(['en', 'zh'] as const).map((lang) => {
          const id = noteIds[lang];
          const wrong = lang === 'en' ? errors.noteEn : errors.noteZh;
          return (
            <div key={lang} className="field" data-invalid={!!wrong}>
              <label htmlFor={id}>{lang === 'en' ? <Trans>Note in English</Trans> : <Trans>Note in Chinese</Trans>}</label>
              <textarea
                id={id}
                rows={3}
                lang={lang === 'zh' ? 'zh-Hant' : undefined}
                value={note[lang]}
                maxLength={FOOTER_NOTE_MAX}
                aria-invalid={!!wrong}
                aria-describedby={wrong ? `${id}-error` : undefined}
                onChange={(e) => {
                  setNote((n) => ({ ...n, [lang]: e.target.value }));
                  touched();
                }}
              />
              {wrong && (
                <p id={`${id}-error`} className="field-error" role="alert">
                  {t`At most ${noteMax} characters.`}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {message && <FormError>{message}</FormError>}
      {save.isSuccess && (
        <p className="admin-done" role="status">
          <Trans>Saved. Customers see the new footer now.</Trans>
        </p>
      )}
      <div className="admin-dialog-actions">
        <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save the footer</Trans>}
        </button>
      </div>
    </form>
  );
}
