import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FrameIcon } from '../../ui/frame-icons.tsx';
import { ContentLink } from './ContentLink.tsx';

/**
 * The phone's bottom navigator: the shop and the community side by side (issue 29: events and inspiration
 * were nowhere a customer looks). Events are the landing's block of tastings, there being no events page.
 */
export function Navigator() {
  const { t } = useLingui();
  return (
    <nav className="navigator" aria-label={t`Main`}>
      <Link to="/home" activeOptions={{ includeHash: true }} activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">
          <FrameIcon name="home" />
        </span>
        <Trans>Home</Trans>
      </Link>
      <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: undefined }} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">
          <FrameIcon name="new-in" />
        </span>
        <Trans>New in</Trans>
      </Link>
      <ContentLink to="/home#upcoming-tastings">
        <span aria-hidden="true">
          <FrameIcon name="events" />
        </span>
        <Trans>Events</Trans>
      </ContentLink>
      <Link to="/inspiration" activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">
          <FrameIcon name="inspiration" />
        </span>
        <Trans>Inspiration</Trans>
      </Link>
      <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'boxset' }} activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">
          <FrameIcon name="box-set" />
        </span>
        <Trans>Box sets</Trans>
      </Link>
    </nav>
  );
}
