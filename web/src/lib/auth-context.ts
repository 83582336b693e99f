import { createContext, useContext, type ComponentType } from 'react';

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  plan: 'free' | 'premium';
  isAdmin: boolean;
};

export type CurrentUserState = {
  user: CurrentUser | null;
  isLoaded: boolean;
  isPremium: boolean;
  openSignIn(): void;
  openProfile(): void;
  signOut(): Promise<void>;
};

/** Pieces of UI that each auth adapter draws its own way. */
export type AuthUi = {
  /** The centred sign-in component shown on /ai when nobody is signed in. */
  SignIn: ComponentType;
  /** The header's user menu button for a signed-in user. */
  UserMenu: ComponentType;
  /** The landing page's plan list. */
  Pricing: ComponentType;
};

export type AuthContextValue = CurrentUserState & { ui: AuthUi };

/** Fired after the user's own account details changed (e-mail): the adapter reloads the user. */
export const ACCOUNT_CHANGED_EVENT = 'craftwell:account-changed';

export const AuthContext = createContext<AuthContextValue | null>(null);

function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useCurrentUser must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user, whichever auth adapter is active. A pending session counts as signed out. */
export function useCurrentUser(): CurrentUserState {
  const { user, isLoaded, isPremium, openSignIn, openProfile, signOut } = useAuthContext();
  return { user, isLoaded, isPremium, openSignIn, openProfile, signOut };
}

/** Adapter-drawn UI pieces (sign-in component, user menu, pricing). */
export function useAuthUi(): AuthUi {
  return useAuthContext().ui;
}
