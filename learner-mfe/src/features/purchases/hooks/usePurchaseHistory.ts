import { useQuery, useSession } from '@courseport/shared-ui';
import { purchasesQuery } from '../api/purchases';

/**
 * The signed-in user's purchases (`queryKeys.user.purchases()`, newest first), fetched only while
 * `enabled`. Another user never sees them: the session's queries are dropped when the user changes
 * (shared-ui), and reading the user here re-renders the page onto the new user's query.
 */
export function usePurchaseHistory(enabled: boolean) {
  const userId = useSession((s) => s.user?._id ?? s.identity?.id ?? '');
  return useQuery({ ...purchasesQuery(), enabled: enabled && userId !== '' });
}
