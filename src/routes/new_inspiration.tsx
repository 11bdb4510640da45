import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireMember } from '../app/guards.ts';

/** Spec §2 new_inspiration (login + paid-member check): on to the editor with a new post. */
export const Route = createFileRoute('/new_inspiration')({
  staticData: { title: msg`New post` },
  beforeLoad: async (args) => {
    await requireMember(args);
    throw redirect({ to: '/edit_inspiration/{-$inspirationID}', params: {}, replace: true });
  },
});
