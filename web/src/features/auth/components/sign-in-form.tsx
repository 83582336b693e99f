import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { AlertCircle } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { TextField } from '../../../components/field.js';
import { cn } from '../../../lib/cn.js';
import { useLocalAuthActions } from '../local-actions.js';

type Mode = 'sign-in' | 'sign-up';

const TABS: readonly { mode: Mode; label: string }[] = [
  { mode: 'sign-in', label: 'Sign in' },
  { mode: 'sign-up', label: 'Create account' },
];

/** Sign in / create account, with the server's own words when something is refused. */
export function SignInForm({ onDone }: { onDone?: () => void }) {
  const actions = useLocalAuthActions();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tabsId = useId();

  function switchTo(next: Mode) {
    setMode(next);
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (mode === 'sign-up' && !name.trim()) {
      setError('Please enter your name.');
      return;
    }
    setBusy(true);
    try {
      const result =
        mode === 'sign-in' ? await actions.signIn(email.trim(), password) : await actions.signUp(name.trim(), email.trim(), password);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      toast.success(mode === 'sign-in' ? 'Welcome back!' : 'Your account is ready');
      onDone?.();
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  const tabClass = (active: boolean) =>
    cn(
      'flex-1 rounded-lg px-3 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-500',
      active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
    );

  return (
    <div>
      <div role="tablist" aria-label="Account" className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1">
        {TABS.map((tab) => (
          <button
            key={tab.mode}
            type="button"
            role="tab"
            id={`${tabsId}-${tab.mode}`}
            aria-selected={mode === tab.mode}
            aria-controls={`${tabsId}-panel`}
            className={tabClass(mode === tab.mode)}
            onClick={() => switchTo(tab.mode)}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${mode}`}>
        <form onSubmit={onSubmit} className="space-y-4">
          {mode === 'sign-up' && (
            <TextField label="Full name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          )}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-autofocus
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            required
            minLength={8}
            maxLength={128}
            hint={mode === 'sign-up' ? 'At least 8 characters.' : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && (
            <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2.5 text-sm text-red-700 ring-1 ring-red-200">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {error}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            {mode === 'sign-in' ? 'Sign in' : 'Create account'}
          </Button>
        </form>
      </div>
      <p className="mt-4 text-center text-sm text-slate-500">
        {mode === 'sign-in' ? "Don't have an account? " : 'Already have an account? '}
        <button
          type="button"
          className="font-medium text-brand-600 hover:text-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 rounded"
          onClick={() => switchTo(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
        >
          {mode === 'sign-in' ? 'Create one' : 'Sign in'}
        </button>
      </p>
    </div>
  );
}
