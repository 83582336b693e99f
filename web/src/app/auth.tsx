import { lazy, Suspense, type ReactNode } from 'react';
import { useAppConfig } from '../lib/app-config.js';
import { LocalAuthProvider } from '../features/auth/local-auth-provider.js';

export { useCurrentUser, useAuthUi } from '../lib/auth-context.js';
export type { CurrentUser, CurrentUserState } from '../lib/auth-context.js';

// Clerk's SDK is large: it is only fetched when the served config selects it.
const ClerkAuthProvider = lazy(() => import('../features/auth/clerk-auth-provider.js'));

/** Picks the auth adapter from GET /api/config (auth.mode), else from VITE_CLERK_PUBLISHABLE_KEY. */
export function AuthProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { config, isLoaded } = useAppConfig();
  if (!isLoaded) return <>{fallback}</>;

  const envKey = import.meta.env.VITE_CLERK_PUBLISHABLE_KEY as string | undefined;
  const mode = config?.auth.mode ?? (envKey ? 'clerk' : 'local');
  const clerkKey = config?.auth.clerkPublishableKey || envKey;

  if (mode === 'clerk' && clerkKey) {
    return (
      <Suspense fallback={fallback}>
        <ClerkAuthProvider publishableKey={clerkKey}>{children}</ClerkAuthProvider>
      </Suspense>
    );
  }
  return <LocalAuthProvider>{children}</LocalAuthProvider>;
}
