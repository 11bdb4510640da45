import { useSelector } from '@xstate/react';
import { Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { isLoggedIn } from '../../machines/session/session.selectors.ts';
import { lazy } from './lazy-screen.ts';
import { useServices } from './services.ts';

/**
 * A part of a page that only signed-in members see, in a chunk of its own (DESIGN §10): it loads once
 * a member is signed in, so a visitor's first load does not carry it. Visitors get nothing; a member gets
 * `placeholder` while it loads (a part above others holds their place with it, so they do not jump).
 */
// Typed as React's own `lazy`.
export function membersOnly<C extends ComponentType<any>>(
  importer: () => Promise<{ default: C }>,
  placeholder: ReactNode = null,
): ComponentType<ComponentProps<C>> {
  const Part = lazy(importer) as ComponentType<ComponentProps<C>>;
  function MembersOnly(props: ComponentProps<C>) {
    const { session } = useServices();
    const loggedIn = useSelector(session, isLoggedIn);
    if (!loggedIn) return null;
    return (
      <Suspense fallback={placeholder}>
        <Part {...props} />
      </Suspense>
    );
  }
  return MembersOnly;
}
