/**
 * Who may create a local account (SIGNUP_MODE): `open` (anyone), `invite` (a person holding an
 * unused invite link an administrator made), `closed` (no one); and, in every mode, an optional
 * e-mail domain allow-list (SIGNUP_EMAIL_DOMAINS). The sign-up that makes the first administrator
 * (see setup-code.ts) is always let through, so a closed server can still be set up.
 */
import { createHash, randomBytes } from 'node:crypto';

export type SignupMode = 'open' | 'invite' | 'closed';

export interface SignupPolicy {
  mode: SignupMode;
  /** Lower-case domains; empty = any. */
  emailDomains: string[];
}

export function parseEmailDomains(value: string | undefined): string[] {
  return (value ?? '').split(',').map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean);
}

export function emailDomainAllowed(policy: SignupPolicy, email: unknown): boolean {
  if (!policy.emailDomains.length) return true;
  if (typeof email !== 'string') return false;
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return policy.emailDomains.includes(domain);
}

export const SIGNUP_MESSAGES = {
  closed: 'Sign-up is closed on this server. Ask its administrator for an account.',
  inviteNeeded: 'Sign-up on this server needs an invite link. Ask its administrator for one.',
  inviteInvalid: 'That invite link has been used or has expired. Ask the administrator for a new one.',
  domain: (domains: string[]) => `Sign up with an e-mail address at ${domains.join(' or ')}.`,
};

/** 24 random characters (144 bits), shown once in the invite link. */
export function newInviteCode(): string {
  return randomBytes(18).toString('base64url');
}

export function hashInviteCode(code: string): Buffer {
  return createHash('sha256').update(code).digest();
}
