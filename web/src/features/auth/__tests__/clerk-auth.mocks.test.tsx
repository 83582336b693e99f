import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../../../app/auth.js';
import { StaticAppConfigProvider, type AppConfig } from '../../../lib/app-config.js';
import { useAuthUi, useCurrentUser } from '../../../lib/auth-context.js';
import { jsonResponse } from '../../../testing/render.js';

// A stand-in for Clerk's SDK: the state each test sets is what its hooks report.
const clerk = vi.hoisted(() => ({
  auth: { isLoaded: true, isSignedIn: false as boolean, userId: null as string | null, getToken: async () => 'clerk-token', has: (() => false) as (params: { plan: string }) => boolean },
  user: null as null | { id: string; fullName: string; imageUrl: string; username: null; primaryEmailAddress: { emailAddress: string } },
  openSignIn: () => undefined,
  openUserProfile: () => undefined,
  signOut: async () => undefined,
}));

vi.mock('@clerk/react', () => ({
  ClerkProvider: ({ children }: { children: ReactNode }) => <>{children}</>,
  useAuth: () => clerk.auth,
  useUser: () => ({ user: clerk.user }),
  useClerk: () => clerk,
  SignIn: () => <p>Clerk sign-in</p>,
  UserButton: () => <p>Clerk user button</p>,
  PricingTable: () => <p>Clerk pricing table</p>,
}));

const clerkConfig: AppConfig = {
  auth: { mode: 'clerk', clerkPublishableKey: 'pk_test_example' },
  plans: [],
  engines: {},
  imageGeneration: { configured: false },
};

function Probe() {
  const { user, isLoaded, isPremium } = useCurrentUser();
  const { Pricing } = useAuthUi();
  return (
    <div>
      <p data-testid="state">{!isLoaded ? 'loading' : user ? `${user.name} ${user.plan} ${user.id} ${isPremium ? 'premium' : 'free'}` : 'signed out'}</p>
      <Pricing />
    </div>
  );
}

function renderClerk() {
  render(
    <MemoryRouter>
      <StaticAppConfigProvider config={clerkConfig}>
        <AuthProvider fallback={<p>booting</p>}>
          <Probe />
        </AuthProvider>
      </StaticAppConfigProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  clerk.auth.isSignedIn = false;
  clerk.user = null;
});

describe('Clerk auth adapter', () => {
  it('when Clerk reports a signed-in premium user, then the app sees them with the server id and Clerk pricing', async () => {
    clerk.auth.isSignedIn = true;
    clerk.auth.userId = 'user_clerk_1';
    clerk.auth.has = ({ plan }) => plan === 'premium';
    clerk.user = { id: 'user_clerk_1', fullName: 'Ada Lovelace', imageUrl: '/a.png', username: null, primaryEmailAddress: { emailAddress: 'ada@example.com' } };
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, user: { id: 'srv-1', name: 'ignored', email: 'ada@example.com', image: null, plan: 'free', isAdmin: false } }));
    vi.stubGlobal('fetch', fetchMock);

    renderClerk();

    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('Ada Lovelace premium srv-1 premium'));
    expect(screen.getByText('Clerk pricing table')).toBeInTheDocument();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer clerk-token');
  });

  it('when the stand-in is compared with the real Core 3 SDK, then every name the adapter uses exists there', async () => {
    const standIn = await import('@clerk/react');
    const real = await vi.importActual<Record<string, unknown>>('@clerk/react');
    expect(Object.keys(standIn)).toContain('useAuth');
    for (const name of Object.keys(standIn)) expect(typeof real[name], name).toBe('function');
  });

  it('when Clerk has no active session (signed out or pending), then the app is signed out', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false }, 401)));
    renderClerk();
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed out'));
  });
});
