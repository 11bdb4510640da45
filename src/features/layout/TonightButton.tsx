import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useMatchRoute } from '@tanstack/react-router';
import { myGatheringQuery } from '../../api/gathering-queries.ts';
import { useServices } from '../../app/services.ts';
import { FrameIcon } from '../../ui/frame-icons.tsx';
import './tonight-button.css';

/**
 * Tonight, among the floating buttons, while the member is in the room of a gathering going on (issue 31).
 * Members only (FloatingButtons loads it with membersOnly), so a visitor neither loads it nor asks the server.
 */
export function TonightButton() {
  const { api } = useServices();
  const { t } = useLingui();
  const { data: gathering } = useQuery(myGatheringQuery(api));
  const onTonight = useMatchRoute()({ to: '/tonight' });
  if (!gathering?.IAmIn || onTonight) return null;
  return (
    <Link to="/tonight" className="fab" aria-label={t`Tonight`}>
      <FrameIcon name="tonight" />
    </Link>
  );
}
