/**
 * Every page's document title (WCAG 2.4.2), from the deepest route that names its page
 * (`staticData.title`), and the new title announced to screen readers after each navigation, since
 * a single-page app changes pages without the browser saying so.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMatches } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Bilingual } from '../../contract/index.ts';
import { useBilingual } from '../ui/Bilingual.tsx';

/** What a page's title is made from: its route's params and search, and what its loader answered. */
export interface TitledPage {
  params: Record<string, string | undefined>;
  search: Record<string, unknown>;
  loaderData: unknown;
  /** The active language's side of server content. */
  text: (value: Bilingual) => string;
  translate: (descriptor: MessageDescriptor) => string;
}

/** A page's own name (the shop's name is added after it): a message, or one made from the page's data. */
export type PageTitle = MessageDescriptor | ((page: TitledPage) => string | undefined);

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: PageTitle;
  }
}

export const SHOP_NAME = 'Sip & Gather';
const NOT_FOUND = msg`Page not found`;

/** The document title for a page name: "Tieguanyin · Sip & Gather", or the shop's name alone. */
export const documentTitle = (name: string | undefined) => (name ? `${name} · ${SHOP_NAME}` : SHOP_NAME);

/** Sets document.title for the current page and announces it after navigation (mounted once, in the root layout). */
export function PageTitleAnnouncer() {
  const { i18n } = useLingui();
  const matches = useMatches();
  const text = useBilingual();
  // (_notFound marks the route that shows a URL no route matches: TanStack's global not-found.)
  const notFound = matches.some((m) => m.status === 'notFound' || m._notFound);
  const titled = matches.findLast((m) => m.staticData?.title);
  let name: string | undefined;
  if (notFound) name = i18n._(NOT_FOUND);
  else if (titled?.staticData.title) {
    const title = titled.staticData.title;
    name =
      typeof title === 'function'
        ? title({
            params: titled.params as Record<string, string | undefined>,
            search: titled.search as Record<string, unknown>,
            loaderData: titled.loaderData,
            text,
            translate: (descriptor) => i18n._(descriptor),
          })
        : i18n._(title);
  }
  const title = documentTitle(name);
  const [announced, setAnnounced] = useState('');
  const first = useRef(true);
  useEffect(() => {
    document.title = title;
    // The first page is announced by the browser itself; later ones only by this.
    if (first.current) first.current = false;
    else setAnnounced(title);
  }, [title]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="page-title-announcer">
      {announced}
    </p>
  );
}
