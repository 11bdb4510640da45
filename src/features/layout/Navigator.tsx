import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The phone's bottom navigator. */
export function Navigator() {
  const { t } = useLingui();
  return (
    <nav className="navigator" aria-label={t`Main`}>
      <Link to="/home" activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">⌂</span>
        <Trans>Home</Trans>
      </Link>
      <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: undefined }} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">✦</span>
        <Trans>New in</Trans>
      </Link>
      <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'boxset' }} activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">▣</span>
        <Trans>Box sets</Trans>
      </Link>
      <Link to="/about" activeProps={{ 'aria-current': 'page' }}>
        <span aria-hidden="true">◎</span>
        <Trans>About</Trans>
      </Link>
    </nav>
  );
}
