/**
 * The spec's rule for object removal, applied by the api before anything is queued: exactly one
 * word (the web splits the trimmed text on whitespace the same way).
 */
export const ONE_OBJECT_MESSAGE = 'Please enter only one object name';
export const OBJECT_REQUIRED_MESSAGE = 'Enter the name of the object to remove.';

export type ObjectNameCheck = { ok: true; name: string } | { ok: false; message: string; status: number };

export function checkSingleObjectName(text: unknown): ObjectNameCheck {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (!trimmed) return { ok: false, message: OBJECT_REQUIRED_MESSAGE, status: 400 };
  const words = trimmed.split(/\s+/);
  if (words.length > 1) return { ok: false, message: ONE_OBJECT_MESSAGE, status: 400 };
  if (trimmed.length > 50) return { ok: false, message: 'That object name is too long. Use a single short word, like "car".', status: 400 };
  return { ok: true, name: trimmed };
}
