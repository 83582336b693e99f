import { useCurrentUser } from '../../lib/auth-context.js';
import { DashboardView } from './components/dashboard-view.js';
import { useUserCreations } from './use-creations.js';
import { useCreationChanges } from './use-creation-changes.js';

export default function DashboardPage() {
  const { isPremium } = useCurrentUser();
  const { creations: fetched, loading } = useUserCreations();
  const { creations, apply } = useCreationChanges(fetched);
  return <DashboardView creations={creations} loading={loading} isPremium={isPremium} onCreationChange={apply} />;
}
