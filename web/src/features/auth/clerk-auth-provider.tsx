import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ClerkProvider, PricingTable, SignIn, UserButton, useAuth, useClerk, useUser } from '@clerk/react';
import { apiRequest, setTokenGetter } from '../../lib/api-client.js';
import { AuthContext, type AuthContextValue, type CurrentUser } from '../../lib/auth-context.js';

function ClerkSignIn() {
  return <SignIn routing="hash" />;
}

function ClerkUserMenu() {
  return <UserButton />;
}

function ClerkPricing() {
  return (
    <div className="mx-auto max-w-4xl">
      <PricingTable />
    </div>
  );
}

const clerkUi = { SignIn: ClerkSignIn, UserMenu: ClerkUserMenu, Pricing: ClerkPricing };

type ServerUser = Pick<CurrentUser, 'id' | 'isAdmin'> & Partial<CurrentUser>;

/** Bridges Clerk's hooks to the app's one auth shape. */
function ClerkBridge({ children }: { children: ReactNode }) {
  // Pending sessions (tasks still to finish) are reported as signed out by Clerk by default.
  const { isLoaded, isSignedIn, getToken, has, userId } = useAuth();
  const { user: clerkUser } = useUser();
  const clerk = useClerk();
  const [serverUser, setServerUser] = useState<ServerUser | null>(null);

  useEffect(() => {
    setTokenGetter(async () => (await getToken()) ?? null);
  }, [getToken]);

  // The api keeps its own user record (id used in likes, admin flag): read it once per sign-in.
  useEffect(() => {
    if (!isSignedIn) {
      setServerUser(null);
      return;
    }
    let cancelled = false;
    apiRequest<{ user: ServerUser }>('/api/me')
      .then((reply) => {
        if (!cancelled && reply.success && reply.user) setServerUser(reply.user);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [isSignedIn, userId]);

  const isPremium = Boolean(isSignedIn && has?.({ plan: 'premium' }));

  const value = useMemo<AuthContextValue>(() => {
    const user: CurrentUser | null =
      isSignedIn && clerkUser
        ? {
            id: serverUser?.id ?? clerkUser.id,
            name: clerkUser.fullName || clerkUser.username || clerkUser.primaryEmailAddress?.emailAddress || 'You',
            email: clerkUser.primaryEmailAddress?.emailAddress ?? '',
            image: clerkUser.imageUrl ?? null,
            plan: isPremium ? 'premium' : 'free',
            isAdmin: serverUser?.isAdmin ?? false,
          }
        : null;
    return {
      user,
      isLoaded: isLoaded === true,
      isPremium,
      openSignIn: () => clerk.openSignIn(),
      openProfile: () => clerk.openUserProfile(),
      signOut: () => clerk.signOut(),
      ui: clerkUi,
    };
  }, [isLoaded, isSignedIn, clerkUser, serverUser, isPremium, clerk]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Clerk adapter; loaded lazily so the SDK stays out of the landing bundle in local mode. */
export default function ClerkAuthProvider({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  return (
    <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/">
      <ClerkBridge>{children}</ClerkBridge>
    </ClerkProvider>
  );
}
