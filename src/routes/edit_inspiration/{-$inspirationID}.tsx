import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireMember } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/**
 * Spec §2 edit_inspiration/{inspirationID?}: the owner edits (and archives) a post; without an id a new post
 * is written, from another post with ?copy=<id> (create-inspiration's CopyFrom). Login + paid-member check,
 * as new_inspiration.
 */
export const Route = createFileRoute('/edit_inspiration/{-$inspirationID}')({
  beforeLoad: requireMember,
  validateSearch: v.object({ copy: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined) }),
  staticData: { title: ({ params, translate }) => translate(params.inspirationID ? msg`Edit post` : msg`New post`) },
  component: lazyScreen(() => import('../../features/inspiration/EditorScreen.tsx'), 'EditorScreen'),
});
