import { useCurrentUser } from '../../lib/auth-context.js';
import { DashboardView } from './components/dashboard-view.js';
import { useUserCreations } from './use-creations.js';
import { useCreationChanges } from './use-creation-changes.js';

export default function DashboardPage() {
  const { isPremium } = useCurrentUser();
  const { creations: fetched, counts, loading, loadingMore, hasMore, loadMore } = useUserCreations();
  const { creations, apply } = useCreationChanges(fetched);
  return (
    <DashboardView
      creations={creations}
      counts={counts}
      loading={loading}
      isPremium={isPremium}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={() => void loadMore()}
      onCreationChange={apply}
    />
  );
}
