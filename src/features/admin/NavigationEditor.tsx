import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { staffSaveNavigationMenu, type Link } from '../../../contract/index.ts';
import { MENU_ENTRIES_MAX, MENU_LABEL_MAX, MENU_TARGET_MAX } from '../../../contract/staff-menu-fields.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { CONTENT_KEY, CUSTOMER_MENU_KEYS, contentQueries } from './content-queries.ts';
import { linkRow, linkRows, menuCountWrong, menuFieldOf, moved, readLinks, type LinkField, type LinkRow, type RowErrors } from './menu-form.ts';

/** The field a refused call names (its `field`), if any. */
export const refusedField = (error: unknown) => (error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : undefined);

/** The pages an entry may lead to, offered as the target field is typed (a datalist: any other page may be typed). */
export function PageChoices({ id, pages }: { id: string; pages: readonly string[] }) {
  return (
    <datalist id={id}>
      {pages.map((page) => (
        <option key={page} value={page} />
      ))}
    </datalist>
  );
}

/**
 * A list of menu entries (the top menu, or one footer column's links): each entry's words in English and Chinese
 * and the page it leads to, moved up or down, removed, or added at the end. `serverRefused` is the entry and field
 * a refused save named.
 */
export function LinkRowsEditor(props: {
  rows: LinkRow[];
  onChange: (rows: LinkRow[]) => void;
  errors: Record<string, RowErrors>;
  serverRefused?: { row: number; field: LinkField } | undefined;
  pagesId: string;
  max: number;
  /** The name of entry n (1-based), for its group and its buttons: "Entry 2", "Link 2 of Shop". */
  nameOf: (n: number) => string;
  addLabel: ReactNode;
}) {
  const { t } = useLingui();
  const { rows, onChange, errors } = props;
  const labelMax = MENU_LABEL_MAX;
  const words: Record<LinkField, Record<'invalid' | 'duplicate' | 'server', string>> = {
    labelEn: {
      invalid: t`Enter the English words (at most ${labelMax} characters).`,
      duplicate: '',
      server: t`Enter the English words (at most ${labelMax} characters).`,
    },
    labelZh: {
      invalid: t`Enter the Chinese words (at most ${labelMax} characters).`,
      duplicate: '',
      server: t`Enter the Chinese words (at most ${labelMax} characters).`,
    },
    to: {
      invalid: t`Enter a page of the shop starting with one /, such as /new_in or /home#upcoming-tastings (not a full web address).`,
      duplicate: t`Another entry of this list leads to this page already.`,
      server: t`This is not a page of the shop, or another entry leads there. Choose one of the pages offered.`,
    },
  };
  const errorOf = (row: LinkRow, i: number, field: LinkField) => {
    const kind = errors[row.key]?.[field] ?? (props.serverRefused?.row === i && props.serverRefused.field === field ? 'server' : undefined);
    return kind ? words[field][kind] : undefined;
  };
  const set = (i: number, field: LinkField, value: string) => onChange(rows.map((row, at) => (at === i ? { ...row, [field]: value } : row)));
  return (
    <>
      <ol className="menu-rows">
        {rows.map((row, i) => {
          const name = props.nameOf(i + 1);
          return (
            <li key={row.key}>
              <fieldset className="menu-row">
                <legend>{name}</legend>
                <div className="content-form-pair">
                  <Field label={<Trans>Words in English</Trans>} value={row.labelEn} maxLength={labelMax} onChange={(e) => set(i, 'labelEn', e.target.value)} error={errorOf(row, i, 'labelEn')} />
                  <Field label={<Trans>Words in Chinese</Trans>} lang="zh-Hant" value={row.labelZh} maxLength={labelMax} onChange={(e) => set(i, 'labelZh', e.target.value)} error={errorOf(row, i, 'labelZh')} />
                  <Field
                    label={<Trans>Leads to</Trans>}
                    value={row.to}
                    list={props.pagesId}
                    maxLength={MENU_TARGET_MAX}
                    autoComplete="off"
                    spellCheck={false}
                    className="admin-mono"
                    onChange={(e) => set(i, 'to', e.target.value)}
                    error={errorOf(row, i, 'to')}
                  />
                </div>
                <div className="admin-actions">
                  <button type="button" className="button small" aria-label={t`Move ${name} up`} disabled={i === 0} onClick={() => onChange(moved(rows, i, -1))}>
                    <Trans>Up</Trans>
                  </button>
                  <button type="button" className="button small" aria-label={t`Move ${name} down`} disabled={i === rows.length - 1} onClick={() => onChange(moved(rows, i, 1))}>
                    <Trans>Down</Trans>
                  </button>
                  <button type="button" className="button small danger-text" aria-label={t`Remove ${name}`} onClick={() => onChange(rows.filter((_, at) => at !== i))}>
                    <Trans>Remove</Trans>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <button type="button" className="button small" disabled={rows.length >= props.max} onClick={() => onChange([...rows, linkRow()])}>
          {props.addLabel}
        </button>
      </div>
    </>
  );
}

/** The top menu (issue 32): customers' getNavigationMenu answers what is saved here at once. */
export function NavigationEditor() {
  const { api } = useServices();
  const errorText = useAdminErrorText();
  const read = useQuery(contentQueries.navigation(api));
  const code = errorCode(read.error);
  const reason = code ? errorText(code, 'load') : '';
  return (
    <section className="content-part" aria-labelledby="admin-navigation-title">
      <h3 id="admin-navigation-title">
        <Trans>Top menu</Trans>
      </h3>
      {read.data ? (
        <NavigationForm menu={read.data.Menu} pages={read.data.Pages} />
      ) : code ? (
        <RetryAlert onRetry={() => void read.refetch()}>
          <Trans>The top menu could not be loaded. {reason}</Trans>
        </RetryAlert>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </section>
  );
}

function NavigationForm({ menu, pages }: { menu: Link[]; pages: string[] }) {
  const { api } = useServices();
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const errorText = useAdminErrorText();
  const pagesId = useId();
  const [rows, setRows] = useState(() => linkRows(menu));
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [countWrong, setCountWrong] = useState(false);
  const save = useMutation({
    mutationFn: (Menu: Link[]) => api.call(staffSaveNavigationMenu, { Menu }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...CONTENT_KEY, 'navigation'] }),
        ...CUSTOMER_MENU_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
    meta: { handlesErrors: true },
  });
  const code = errorCode(save.error);
  const refused = code === 'InvalidParameter' ? menuFieldOf(refusedField(save.error)) : undefined;
  const serverRefused = refused?.list === 'menu' ? refused : undefined;
  const message = !code || serverRefused ? undefined : errorText(code, 'load');
  const max = MENU_ENTRIES_MAX;

  const change = (next: LinkRow[]) => {
    setRows(next);
    if (save.error || save.isSuccess) save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const read = readLinks(rows);
    const wrongCount = menuCountWrong(rows);
    setCountWrong(wrongCount);
    setErrors('errors' in read ? read.errors : {});
    if ('errors' in read || wrongCount) return;
    save.mutate(read.links);
  };
  return (
    <form className="admin-dialog menu-form" onSubmit={submit} aria-label={t`Top menu`} noValidate>
      <p className="muted small">
        <Trans>The entries of the bar at the top of every page, in the order customers see them.</Trans>
      </p>
      <PageChoices id={pagesId} pages={pages} />
      <LinkRowsEditor
        rows={rows}
        onChange={change}
        errors={errors}
        serverRefused={serverRefused}
        pagesId={pagesId}
        max={max}
        nameOf={(n) => t`Entry ${n}`}
        addLabel={<Trans>Add an entry</Trans>}
      />
      {countWrong && <FormError>{t`The menu needs from 1 to ${max} entries.`}</FormError>}
      {message && <FormError>{message}</FormError>}
      {save.isSuccess && (
        <p className="admin-done" role="status">
          <Trans>Saved. Customers see the new menu now.</Trans>
        </p>
      )}
      <div className="admin-dialog-actions">
        <button type="submit" className="button primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save the menu</Trans>}
        </button>
      </div>
    </form>
  );
}
