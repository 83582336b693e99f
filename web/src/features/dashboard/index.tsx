import { useCurrentUser } from '../../lib/auth-context.js';
import { DashboardView } from './components/dashboard-view.js';
import { useUserCreations } from './use-creations.js';

export default function DashboardPage() {
  const { isPremium } = useCurrentUser();
  const { creations, loading } = useUserCreations();
  return <DashboardView creations={creations} loading={loading} isPremium={isPremium} />;
}
