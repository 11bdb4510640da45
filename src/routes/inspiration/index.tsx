import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { lazyScreen } from '../../app/lazy-screen.ts';

const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined);

/** Ours (spec §1 "visitors … browse inspiration"; §6 inspiration list and filter): every published post, searched and filtered. */
export const Route = createFileRoute('/inspiration/')({
  validateSearch: v.object({
    q: text,
    tag: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(30))), undefined),
    sort: v.fallback(v.optional(v.picklist(['newest', 'popular', 'mostLiked', 'relevance'])), undefined),
    media: v.fallback(v.optional(v.picklist(['image', 'video'])), undefined),
  }),
  staticData: { title: msg`Inspiration` },
  component: lazyScreen(() => import('../../features/inspiration/ListScreen.tsx'), 'ListScreen'),
});
