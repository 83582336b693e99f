import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Camera, Crown, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { Avatar } from '../../../components/avatar.js';
import { Badge } from '../../../components/badge.js';
import { Button, buttonClasses } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { TextField } from '../../../components/field.js';
import { Spinner } from '../../../components/spinner.js';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { useLocalAuthActions } from '../local-actions.js';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-100 pt-5">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** The account profile dialog: name, picture, password, plan and sign out. */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const actions = useLocalAuthActions();
  const user = actions.user;
  const [name, setName] = useState(user?.name ?? '');
  const [savingName, setSavingName] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) {
      setName(user?.name ?? '');
      setCurrentPassword('');
      setNewPassword('');
      setPasswordError(null);
    }
  }, [open, user?.name]);

  if (!user) return null;

  async function onSaveName(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setSavingName(true);
    try {
      const result = await actions.updateName(name.trim());
      if (result.ok) toast.success(result.message);
      else toast.error(result.message);
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setSavingName(false);
    }
  }

  async function onPickAvatar(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Please upload an image file');
      return;
    }
    setUploading(true);
    try {
      const result = await actions.uploadAvatar(file);
      if (result.ok) toast.success(result.message);
      else toast.error(result.message);
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setUploading(false);
    }
  }

  async function onChangePassword(event: FormEvent) {
    event.preventDefault();
    setPasswordError(null);
    setChangingPassword(true);
    try {
      const result = await actions.changePassword(currentPassword, newPassword);
      if (!result.ok) {
        setPasswordError(result.message);
        return;
      }
      setCurrentPassword('');
      setNewPassword('');
      toast.success('Password changed');
    } catch (thrown) {
      setPasswordError(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setChangingPassword(false);
    }
  }

  const premium = user.plan === 'premium';

  return (
    <Dialog open={open} onClose={onClose} title="Your account" description="Manage your profile, password and plan." className="sm:max-w-lg">
      <div className="space-y-5">
        <div className="flex items-center gap-4">
          <div className="relative">
            <Avatar name={user.name} src={user.image} size="xl" />
            {uploading && (
              <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 text-brand-600">
                <Spinner label="Uploading picture" />
              </span>
            )}
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              disabled={uploading}
              className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full bg-white text-slate-700 shadow-md ring-1 ring-slate-200 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
              aria-label="Upload a new profile picture"
            >
              <Camera className="size-4" aria-hidden="true" />
            </button>
            <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onPickAvatar} />
          </div>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
            <div className="mt-1.5">
              <Badge tone={premium ? 'premium' : 'neutral'}>
                {premium && <Crown className="size-3" aria-hidden="true" />}
                {premium ? 'Premium' : 'Free'}
              </Badge>
            </div>
          </div>
        </div>

        <Section title="Profile">
          <form onSubmit={onSaveName} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextField label="Full name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} wrapperClassName="flex-1" autoComplete="name" />
            <Button type="submit" variant="secondary" loading={savingName} disabled={!name.trim() || name.trim() === user.name}>
              Save
            </Button>
          </form>
        </Section>

        <Section title="Password">
          <form onSubmit={onChangePassword} className="space-y-3">
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint="At least 8 characters. Other devices will be signed out."
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            {passwordError && (
              <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
                {passwordError}
              </p>
            )}
            <Button type="submit" variant="secondary" loading={changingPassword}>
              Change password
            </Button>
          </form>
        </Section>

        <Section title="Plan">
          <p className="text-sm text-slate-600">
            You are on the <strong className="font-semibold text-slate-900">{premium ? 'Premium' : 'Free'}</strong> plan.
            {premium ? ' Thank you for supporting Craftwell.' : ' Ask your administrator to upgrade you to Premium for higher limits.'}
          </p>
        </Section>

        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-5">
          <Link to={paths.account} onClick={onClose} className={buttonClasses('secondary', 'md')}>
            <Settings className="size-4" aria-hidden="true" /> Account settings
          </Link>
          {user.isAdmin ? (
            <Link to={paths.admin} onClick={onClose} className={buttonClasses('secondary', 'md')}>
              <ShieldCheck className="size-4" aria-hidden="true" /> Administration
            </Link>
          ) : null}
          <Button variant="outline" icon={<LogOut className="size-4" aria-hidden="true" />} onClick={() => void actions.signOut().then(() => toast.success('Signed out'))}>
            Sign out
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
