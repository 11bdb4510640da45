import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useMatches } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { contentQueries } from './queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { formatDate } from '../../ui/format.ts';
import './content.css';

/** "[words](/path)": a link to a page of the shop. Only the shop's own paths ("/…", not "//…") are links. */
const PAGE_LINK = /\[([^\]\n]+)\]\((\/(?!\/)[^)\s]*)\)/g;

/** A paragraph's or bullet's text, its "[words](/path)" made links to the shop's pages (the Contact page's enquiry form). */
function InlineText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(PAGE_LINK)) {
    parts.push(text.slice(from, match.index));
    parts.push(
      <Link key={match.index} to={match[2]!}>
        {match[1]}
      </Link>,
    );
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/** Renders the plain-text content format: "## " headings, "- " bullets, blank-line paragraphs, "[words](/path)" links. */
function ContentText({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => {
        if (block.startsWith('## ')) {
          const [heading, ...rest] = block.split('\n');
          return (
            <Fragment key={i}>
              <h2>{heading!.slice(3)}</h2>
              {rest.length > 0 && <ContentText text={rest.join('\n')} />}
            </Fragment>
          );
        }
        const lines = block.split('\n');
        if (lines.every((l) => l.trimStart().startsWith('- '))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>
                  <InlineText text={l.trimStart().slice(2)} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            <InlineText text={block} />
          </p>
        );
      })}
    </>
  );
}

export function InformationScreen() {
  const { api } = useServices();
  const matches = useMatches();
  const id = matches.findLast((m) => m.staticData?.informationId)?.staticData.informationId;
  const info = useQuery({ ...contentQueries.information(api, id ?? ''), enabled: !!id });
  const pick = useBilingual();
  const { t } = useLingui();
  if (!info.data) return null;
  const updated = formatDate(info.data.UpdatedAt);
  return (
    <article className="page prose">
      <h1>{pick(info.data.Title)}</h1>
      <ContentText text={pick(info.data.content)} />
      <p className="muted small">{t`Last updated ${updated}`}</p>
    </article>
  );
}
