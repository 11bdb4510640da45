import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { StaffNewsletterIssue } from '../../../contract/index.ts';
import type { NewsletterWords } from '../../../machines/newsletter-send/newsletter-send.types.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { Popup } from '../../ui/Popup.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, Pager, useKeysetPages, type AdminColumn } from './AdminTable.tsx';
import { contentQueries } from './content-queries.ts';
import { useNewsletterStatusWords } from './content-words.ts';
import { IssuePreview, NewsletterComposer } from './NewsletterComposer.tsx';

const PAGE_SIZE = 20;
const BLANK: NewsletterWords = { Subject: { en: '', zh: '' }, Body: { en: '', zh: '' } };

type Open = { type: 'write'; issue?: StaffNewsletterIssue } | { type: 'read'; issue: StaffNewsletterIssue };

/**
 * Newsletter issues (issue 32): the issues newest first with how far each has gone, who a send would mail now, a
 * new issue or a draft carried on in the composer (write, preview, confirm, send), a sent one read as it went out.
 */
export function NewsletterIssues() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const errorText = useAdminErrorText();
  const statusWords = useNewsletterStatusWords();
  const pages = useKeysetPages();
  const [open, setOpen] = useState<Open | null>(null);
  const list = useQuery(contentQueries.newsletterIssues(api, PAGE_SIZE, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const audience = list.data?.Audience;

  const columns = useMemo((): AdminColumn<StaffNewsletterIssue>[] => {
    const col = adminColumns<StaffNewsletterIssue>();
    const zh = i18n.locale.startsWith('zh');
    return [
      col.accessor('Subject', { header: () => t`Subject`, cell: (c) => (zh ? c.getValue().zh : c.getValue().en) }),
      col.display({
        id: 'status',
        header: () => t`Status`,
        cell: (c) => {
          const issue = c.row.original;
          const sent = issue.Sent;
          const of = issue.Recipients;
          const skipped = issue.Skipped;
          const when = issue.SentAt ? hongKongDateTime(issue.SentAt) : '';
          if (issue.Status === 'draft') return statusWords.draft;
          if (issue.Status === 'sending') return t`Sending: ${sent} of ${of} mailed`;
          return skipped > 0 ? t`Sent ${when}: ${sent} mailed, ${skipped} unsubscribed meanwhile` : t`Sent ${when}: ${sent} mailed`;
        },
      }),
      col.accessor('UpdatedAt', { header: () => t`Last changed`, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const issue = c.row.original;
          const subject = zh ? issue.Subject.zh : issue.Subject.en;
          return issue.Status === 'draft' ? (
            <button type="button" className="button small" aria-label={t`Carry on with ${subject}`} onClick={() => setOpen({ type: 'write', issue })}>
              <Trans>Carry on</Trans>
            </button>
          ) : (
            <button type="button" className="button small" aria-label={t`Read ${subject}`} onClick={() => setOpen({ type: 'read', issue })}>
              <Trans>Read</Trans>
            </button>
          );
        },
      }),
    ];
  }, [t, i18n.locale, statusWords]);

  const close = () => setOpen(null);
  const total = audience?.Total ?? 0;
  const en = audience?.En ?? 0;
  const zhReaders = audience?.Zh ?? 0;
  return (
    <section className="content-part" aria-labelledby="admin-newsletter-title">
      <div className="content-part-head">
        <h3 id="admin-newsletter-title">
          <Trans>Newsletter</Trans>
        </h3>
        <button type="button" className="button primary" onClick={() => setOpen({ type: 'write' })}>
          <Trans>Write an issue</Trans>
        </button>
      </div>
      {audience && (
        <p className="muted small">
          <Trans>
            Subscribers now: {total} ({en} read English, {zhReaders} read Chinese).
          </Trans>
        </p>
      )}
      <AdminTable
        caption={<Trans>Newsletter issues, newest first</Trans>}
        columns={columns}
        rows={list.data?.IssueList}
        rowId={(i) => i.IssueID}
        empty={<Trans>No newsletter issues yet.</Trans>}
        failed={code ? <Trans>The newsletter issues could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
      />
      <Pager pages={pages} list={list} busy={list.isFetching} label={t`Pages of newsletter issues`} />
      {open?.type === 'write' && (
        <NewsletterComposer
          key={open.issue?.IssueID ?? 'new'}
          issueID={open.issue?.IssueID}
          words={open.issue ? { Subject: open.issue.Subject, Body: open.issue.Body } : BLANK}
          onClose={close}
        />
      )}
      {open?.type === 'read' && <IssueRead issue={open.issue} onClose={close} />}
    </section>
  );
}

/** A sent (or sending) issue as it went out, in both languages. */
function IssueRead({ issue, onClose }: { issue: StaffNewsletterIssue; onClose: () => void }) {
  const { t } = useLingui();
  const subject = issue.Subject.en;
  return (
    <Popup title={t`Newsletter issue: ${subject}`} onClose={onClose}>
      <div className="admin-dialog">
        <IssuePreview words={{ Subject: issue.Subject, Body: issue.Body }} />
        <div className="admin-dialog-actions">
          <button type="button" className="button primary" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}
