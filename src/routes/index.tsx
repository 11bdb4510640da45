import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: the bare root goes to the named home route. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});
