import { apiRequest } from '../../lib/api-client.js';
import type { CurrentUser } from '../../lib/auth-context.js';

// Local accounts (better-auth behind /api/auth): the session token lives in localStorage and
// goes out as a bearer header through the api client. It is the signed token of the reply
// (`token.signature`, the same value as better-auth's set-auth-token header): the server accepts
// no other form.

const tokenKey = 'craftwell.session-token';

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(tokenKey);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(tokenKey, token);
    else localStorage.removeItem(tokenKey);
  } catch {
    // Private mode without storage: the session simply ends with the tab.
  }
}

export const sessionTokenKey = tokenKey;

/** Turns a failed auth reply into one sentence a person can act on. */
export function authErrorMessage(reply: { status: number; message?: string }, fallback: string): string {
  if (reply.status === 429) return reply.message || 'Too many attempts. Please wait a minute and try again.';
  return reply.message || fallback;
}

export type AuthResult = { ok: true; token: string | null } | { ok: false; message: string };

async function tokenCall(path: string, json: unknown, fallback: string): Promise<AuthResult> {
  const reply = await apiRequest<{ token: string | null }>(path, { method: 'POST', json });
  if (reply.status >= 400 || !reply.success) return { ok: false, message: authErrorMessage(reply, fallback) };
  return { ok: true, token: reply.token ?? null };
}

export function signInWithEmail(email: string, password: string): Promise<AuthResult> {
  return tokenCall('/api/auth/sign-in/email', { email, password }, 'Could not sign you in. Please try again.');
}

/** The code of an invite link (`/?invite=CODE`) this page was opened with, if any. */
export function inviteFromAddress(): string | null {
  try {
    return new URLSearchParams(window.location.search).get('invite') || null;
  } catch {
    return null;
  }
}

export function signUpWithEmail(name: string, email: string, password: string): Promise<AuthResult> {
  // A server with SIGNUP_MODE=invite needs the invite link's code with the sign-up.
  const inviteCode = inviteFromAddress();
  return tokenCall('/api/auth/sign-up/email', { name, email, password, ...(inviteCode ? { inviteCode } : {}) }, 'Could not create your account. Please try again.');
}

export function changePassword(currentPassword: string, newPassword: string): Promise<AuthResult> {
  return tokenCall(
    '/api/auth/change-password',
    { currentPassword, newPassword, revokeOtherSessions: true },
    'Could not change your password. Please try again.',
  );
}

/** Reads the signed-in user; null when the token is missing or no longer valid. */
export async function fetchMe(): Promise<{ user: CurrentUser | null; unauthorized: boolean }> {
  const reply = await apiRequest<{ user: CurrentUser }>('/api/me');
  if (reply.status === 401) return { user: null, unauthorized: true };
  if (!reply.success || !reply.user) throw new Error(reply.message || 'Could not load your account.');
  return { user: reply.user, unauthorized: false };
}
