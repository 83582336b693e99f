import { useCurrentUser } from '../../lib/auth-context.js';
import { DashboardView } from './components/dashboard-view.js';
import { useUserCreations } from './use-creations.js';

export default function DashboardPage() {
  const { isPremium } = useCurrentUser();
  const { creations, counts, loading, loadingMore, hasMore, loadMore } = useUserCreations();
  return (
    <DashboardView
      creations={creations}
      counts={counts}
      loading={loading}
      isPremium={isPremium}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={() => void loadMore()}
    />
  );
}
