import { createContext, useContext } from 'react';
import type { AuthResult } from './local-session.js';
import type { CurrentUser } from '../../lib/auth-context.js';

/** What the local sign-in and profile dialogs can ask of the local auth adapter. */
export type LocalAuthActions = {
  user: CurrentUser | null;
  signIn(email: string, password: string): Promise<AuthResult>;
  signUp(name: string, email: string, password: string): Promise<AuthResult>;
  updateName(name: string): Promise<{ ok: boolean; message: string }>;
  uploadAvatar(file: File): Promise<{ ok: boolean; message: string }>;
  changePassword(currentPassword: string, newPassword: string): Promise<AuthResult>;
  signOut(): Promise<void>;
  closeDialogs(): void;
};

export const LocalAuthActionsContext = createContext<LocalAuthActions | null>(null);

export function useLocalAuthActions(): LocalAuthActions {
  const value = useContext(LocalAuthActionsContext);
  if (!value) throw new Error('useLocalAuthActions must be used inside <LocalAuthProvider>');
  return value;
}
