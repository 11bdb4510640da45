import { useSelector } from '@xstate/react';
import { Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { isLoggedIn } from '../../machines/session/session.selectors.ts';
import { chunkPart } from './preloadable.tsx';
import { useServices } from './services.ts';

/**
 * A part of a page that only signed-in members see, in a chunk of its own (DESIGN §10): it loads once
 * a member is signed in, so a visitor's first load does not carry it. Visitors get nothing; a member gets
 * `placeholder` while it loads (a part above others holds their place with it, so they do not jump).
 *
 * `preload` fetches the chunk ahead, from a route's loader that knows the visitor is a member: asked only as
 * the part first rendered, each member part's chunk came a round trip after the page's, and the chunks it
 * asks for after that (issue 30). A part preloaded by the time it mounts renders at once, with no placeholder.
 */
export function membersOnly<C extends ComponentType<any>>(importer: () => Promise<{ default: C }>, placeholder: ReactNode = null) {
  const part = chunkPart<ComponentProps<C>>(() => importer().then((module) => module.default));
  function Part(props: ComponentProps<C>) {
    const Shown = part.useShown();
    return <Shown {...props} />;
  }
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
  return Object.assign(MembersOnly, { preload: part.preload });
}
