import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { apiRequest, setTokenGetter } from '../../lib/api-client.js';
import { ACCOUNT_CHANGED_EVENT, AuthContext, type AuthContextValue, type CurrentUser } from '../../lib/auth-context.js';
import { LocalAuthActionsContext, type LocalAuthActions } from './local-actions.js';
import * as session from './local-session.js';
import { SignInDialog } from './components/sign-in-dialog.js';
import { ProfileDialog } from './components/profile-dialog.js';
import { LocalSignInPanel } from './components/sign-in-panel.js';
import { LocalUserMenu } from './components/user-menu.js';
import { LocalPlans } from './components/local-plans.js';

const localUi = { SignIn: LocalSignInPanel, UserMenu: LocalUserMenu, Pricing: LocalPlans };

type OpenDialog = 'none' | 'sign-in' | 'profile';

const RECHECK_BASE_MS = 1000;
const RECHECK_MAX_MS = 30_000;

/** Local accounts adapter: better-auth endpoints with the token kept in localStorage. */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => session.readStoredToken());
  const [user, setUser] = useState<CurrentUser | null>(null);
  // Loaded once we know whether the stored token (if any) is still a valid session.
  const [isLoaded, setIsLoaded] = useState(() => session.readStoredToken() === null);
  // Opened from an invite link while signed out: the sign-in dialog (with its sign-up) at once.
  const [dialog, setDialog] = useState<OpenDialog>(() => (session.inviteFromAddress() && !session.readStoredToken() ? 'sign-in' : 'none'));

  const applyToken = useCallback((next: string | null) => {
    session.storeToken(next);
    setToken(next);
    if (!next) setUser(null);
  }, []);

  // Registered during the first render: children's effects run before this component's own,
  // and any call they make must already carry the token.
  useState(() => setTokenGetter(async () => session.readStoredToken()));

  // Another tab signed in or out: follow it.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === session.sessionTokenKey) setToken(event.newValue);
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // While the api cannot vouch for the token (503, network down), it is kept and asked again.
  const recheck = useRef<{ timer?: ReturnType<typeof setTimeout>; failures: number }>({ failures: 0 });
  useEffect(() => () => clearTimeout(recheck.current.timer), []);

  const refreshUser = useCallback(async () => {
    clearTimeout(recheck.current.timer);
    if (!session.readStoredToken()) {
      setUser(null);
      setIsLoaded(true);
      return;
    }
    try {
      const me = await session.fetchMe();
      // Only a 401 ends the session; an outage never signs anyone out.
      if (me.unauthorized) applyToken(null);
      setUser(me.user);
      recheck.current.failures = 0;
    } catch {
      // The api is unreachable or a dependency is down: keep the token and the user we know.
      const failures = ++recheck.current.failures;
      recheck.current.timer = setTimeout(() => void refreshUser(), Math.min(RECHECK_BASE_MS * 2 ** (failures - 1), RECHECK_MAX_MS));
    } finally {
      setIsLoaded(true);
    }
  }, [applyToken]);

  useEffect(() => {
    const reload = () => void refreshUser();
    window.addEventListener(ACCOUNT_CHANGED_EVENT, reload);
    return () => window.removeEventListener(ACCOUNT_CHANGED_EVENT, reload);
  }, [refreshUser]);

  useEffect(() => {
    if (!token) {
      setUser(null);
      setIsLoaded(true);
      return;
    }
    void refreshUser();
  }, [token, refreshUser]);

  const signOut = useCallback(async () => {
    try {
      if (session.readStoredToken()) await apiRequest('/api/auth/sign-out', { method: 'POST', json: {} });
    } catch {
      // Signing out locally still works when the server cannot be reached.
    }
    applyToken(null);
    setDialog('none');
  }, [applyToken]);

  const actions = useMemo<LocalAuthActions>(
    () => ({
      user,
      async signIn(email, password) {
        const result = await session.signInWithEmail(email, password);
        if (result.ok && result.token) applyToken(result.token);
        return result;
      },
      async signUp(name, email, password) {
        const result = await session.signUpWithEmail(name, email, password);
        if (result.ok && result.token) applyToken(result.token);
        return result;
      },
      async updateName(name) {
        const reply = await apiRequest('/api/auth/update-user', { method: 'POST', json: { name } });
        if (reply.status >= 400) return { ok: false, message: session.authErrorMessage(reply, 'Could not save your name.') };
        await refreshUser();
        return { ok: true, message: 'Name updated' };
      },
      async uploadAvatar(file) {
        const form = new FormData();
        form.append('image', file);
        const reply = await apiRequest<{ content: string }>('/api/user/avatar', { method: 'POST', form });
        if (!reply.success) return { ok: false, message: reply.message || 'Could not upload your picture.' };
        await refreshUser();
        return { ok: true, message: 'Profile picture updated' };
      },
      async changePassword(currentPassword, newPassword) {
        const result = await session.changePassword(currentPassword, newPassword);
        if (result.ok && result.token) applyToken(result.token);
        return result;
      },
      signOut,
      closeDialogs: () => setDialog('none'),
    }),
    [user, applyToken, refreshUser, signOut],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoaded,
      isPremium: user?.plan === 'premium',
      openSignIn: () => setDialog('sign-in'),
      openProfile: () => setDialog(user ? 'profile' : 'sign-in'),
      signOut: async () => {
        await signOut();
        toast.success('Signed out');
      },
      ui: localUi,
    }),
    [user, isLoaded, signOut],
  );

  return (
    <AuthContext.Provider value={value}>
      <LocalAuthActionsContext.Provider value={actions}>
        {children}
        <SignInDialog open={dialog === 'sign-in' && !user} onClose={() => setDialog('none')} />
        <ProfileDialog open={dialog === 'profile' && Boolean(user)} onClose={() => setDialog('none')} />
      </LocalAuthActionsContext.Provider>
    </AuthContext.Provider>
  );
}
