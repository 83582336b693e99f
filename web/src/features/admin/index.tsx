import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.js';
import { PageHeader } from '../../components/page-header.js';
import { useCurrentUser } from '../../lib/auth-context.js';
import { AuditPanel } from './components/audit-panel.js';
import { EnginesPanel } from './components/engines-panel.js';
import { GalleryPanel } from './components/gallery-panel.js';
import { InvitesPanel } from './components/invites-panel.js';
import { QueuePanel } from './components/queue-panel.js';
import { UsersPanel } from './components/users-panel.js';

/** /ai/admin: accounts, queue, engines, gallery, invite links and audit log (administrators only; the api checks too). */
export default function AdminPage() {
  const { user } = useCurrentUser();
  // Bumped after each administrator action, so the audit log shows it at once.
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((n) => n + 1);
  if (!user) return null;
  if (!user.isAdmin) {
    return (
      <EmptyState icon={<ShieldCheck className="size-6" aria-hidden="true" />} title="Administrators only">
        Only administrators can see this page.
      </EmptyState>
    );
  }
  return (
    <div className="min-w-0 space-y-6">
      <PageHeader title="Administration" description="Accounts, the job queue, engines, the gallery and the audit log." icon={<ShieldCheck className="size-5" aria-hidden="true" />} />
      <UsersPanel currentUserId={user.id} onChanged={changed} />
      <QueuePanel />
      <EnginesPanel onChanged={changed} />
      <GalleryPanel onChanged={changed} />
      <InvitesPanel onChanged={changed} />
      <AuditPanel refreshKey={changes} />
    </div>
  );
}
