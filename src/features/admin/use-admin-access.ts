import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services.ts';
import { adminQueries } from './queries.ts';

/** The member's access to the back office (read once by the layout; screens share the answer). */
export function useAdminAccess() {
  const { api } = useServices();
  return useQuery(adminQueries.access(api));
}
