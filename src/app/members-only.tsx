import { useSelector } from '@xstate/react';
import { Suspense, type ComponentProps, type ComponentType } from 'react';
import { isLoggedIn } from '../../machines/session/session.selectors.ts';
import { lazy } from './lazy-screen.ts';
import { useServices } from './services.ts';

/**
 * A part of a page that only signed-in members see, in a chunk of its own (DESIGN §10): it loads once
 * a member is signed in, so a visitor's first load does not carry it. Visitors get nothing, and so
 * does a member while it loads.
 */
// Typed as React's own `lazy`.
export function membersOnly<C extends ComponentType<any>>(importer: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  const Part = lazy(importer) as ComponentType<ComponentProps<C>>;
  function MembersOnly(props: ComponentProps<C>) {
    const { session } = useServices();
    const loggedIn = useSelector(session, isLoggedIn);
    if (!loggedIn) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return MembersOnly;
}
