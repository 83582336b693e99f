/** What counts as a weak password, beyond better-auth's length limits. */
const COMMON = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwertyui',
  'qwerty123', 'iloveyou', 'letmein1', 'welcome1', 'admin123', 'abc12345', 'football', 'baseball',
  'sunshine', 'princess', 'trustno1', 'passw0rd', '11111111', '00000000', 'asdfghjk', 'zaq12wsx',
]);

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Returns a message a person can act on, or null when the password is acceptable. */
export function weakPasswordReason(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters for your password.`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'That password is too common. Choose one that is harder to guess.';
  if (new Set(lower).size < 4) return 'That password repeats too few characters. Choose one that is harder to guess.';
  if (email && lower === email.toLowerCase()) return 'Your password must not be your e-mail address.';
  return null;
}
