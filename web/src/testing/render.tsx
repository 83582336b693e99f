import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue, type CurrentUser } from '../lib/auth-context.js';

export const testUser: CurrentUser = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: null,
  plan: 'free',
  isAdmin: false,
};

/** An auth context value with spies, for rendering screens without a real adapter. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user === undefined ? testUser : overrides.user;
  return {
    user,
    isLoaded: true,
    isPremium: user?.plan === 'premium',
    openSignIn: vi.fn(),
    openProfile: vi.fn(),
    signOut: vi.fn(async () => undefined),
    ui: { SignIn: () => <p>Sign in here</p>, UserMenu: () => <button type="button">User menu</button>, Pricing: () => <p>Plans</p> },
    ...overrides,
  };
}

/** Renders inside a memory router at `route` with the given (fake) auth. */
export function renderWithProviders(ui: ReactElement, options: { route?: string; auth?: AuthContextValue } = {}) {
  const auth = options.auth ?? fakeAuth();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
      </AuthContext.Provider>
    );
  }
  return { auth, ...render(ui, { wrapper: Wrapper }) };
}

/** A JSON Response as fetch would return it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
