import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Download, Settings, Trash2 } from 'lucide-react';
import { Button } from '../../components/button.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { TextField } from '../../components/field.js';
import { PageHeader } from '../../components/page-header.js';
import { apiRequest } from '../../lib/api-client.js';
import { downloadFromApi } from '../../lib/api-download.js';
import { useAppConfig } from '../../lib/app-config.js';
import { ACCOUNT_CHANGED_EVENT, useCurrentUser } from '../../lib/auth-context.js';
import { ApiKeysSection } from './components/api-keys-section.js';
import { SettingsSection } from './components/settings-section.js';
import { ShareLinksSection } from '../share-links/share-links-section.js';

const errorText = (thrown: unknown) => (thrown instanceof Error ? thrown.message : 'Something went wrong');

/** Local accounts: a new e-mail address, confirmed with the current password. */
function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      const reply = await apiRequest('/api/account/email', { json: { newEmail, currentPassword: password } });
      if (!reply.success) return void setError(reply.message || 'Could not change your e-mail address.');
      toast.success(reply.message || 'E-mail address changed');
      setNewEmail('');
      setPassword('');
      // The header and menus show the address: reload the session's user.
      window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT));
    } catch (thrown) {
      setError(errorText(thrown));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <p className="text-sm text-slate-600">
        Current address: <strong className="font-medium text-slate-900">{currentEmail}</strong>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="New e-mail address" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        <TextField label="Current password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" loading={saving} disabled={!newEmail.trim() || !password}>
        Change e-mail
      </Button>
    </form>
  );
}

function DeleteAccount({ needsPassword }: { needsPassword: boolean }) {
  const { signOut } = useCurrentUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const reply = await apiRequest('/api/account', { method: 'DELETE', json: { confirm: 'DELETE', ...(needsPassword ? { currentPassword: password } : {}) } });
      if (!reply.success) return void toast.error(reply.message || 'Could not delete your account.');
      setOpen(false);
      toast.success(reply.message || 'Your account has been deleted.');
      await signOut();
      navigate('/', { replace: true });
    } catch (thrown) {
      toast.error(errorText(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="danger" icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => { setPassword(''); setOpen(true); }}>
        Delete my account
      </Button>
      <ConfirmDialog open={open} title="Delete your account?" confirmLabel="Delete everything" typedConfirmation="DELETE" busy={busy} onClose={() => setOpen(false)} onConfirm={() => void confirm()}>
        <p>All your creations, their files, your likes, usage and API keys are deleted for good. Export your data first if you want to keep it.</p>
        {needsPassword ? (
          <TextField wrapperClassName="mt-4" label="Current password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** /ai/account: e-mail, password, data export and account deletion. */
export default function AccountPage() {
  const { user, openProfile } = useCurrentUser();
  const { config } = useAppConfig();
  const [exporting, setExporting] = useState(false);
  if (!user) return null;
  const local = config?.auth.mode !== 'clerk';

  async function exportData() {
    setExporting(true);
    try {
      await downloadFromApi('/api/account/export', 'craftwell-export.zip');
      toast.success('Your data export has downloaded');
    } catch (thrown) {
      toast.error(errorText(thrown));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Account settings" description="Your sign-in details, your data and your account." icon={<Settings className="size-5" aria-hidden="true" />} />
      <SettingsSection title="E-mail address">
        {local ? <ChangeEmailForm currentEmail={user.email} /> : <p className="text-sm text-slate-600">Your e-mail address is managed by your sign-in provider.</p>}
      </SettingsSection>
      <SettingsSection title="Password">
        {local ? (
          <Button variant="secondary" onClick={openProfile}>
            Change password
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Your password is managed by your sign-in provider.</p>
        )}
      </SettingsSection>
      <ApiKeysSection isAdmin={Boolean(user.isAdmin)} />
      <ShareLinksSection />
      <SettingsSection title="Export your data" description="A zip file with every image and text you created, and a JSON file with your account, creations, likes and usage.">
        <Button variant="secondary" icon={<Download className="size-4" aria-hidden="true" />} loading={exporting} onClick={() => void exportData()}>
          Download my data
        </Button>
      </SettingsSection>
      <SettingsSection title="Delete your account" description="Deletes your account and everything it owns. This cannot be undone." danger>
        <DeleteAccount needsPassword={local} />
      </SettingsSection>
    </div>
  );
}
