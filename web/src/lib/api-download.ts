import { authorizationHeaders } from './api-client.js';

/** The file name the server chose (Content-Disposition), else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a file from an authenticated api route (a POST when `form` is given) and saves it
 * under the server's file name.
 * Throws Error(message) with the server's own words when it refuses.
 */
export async function downloadFromApi(path: string, fallbackName: string, form?: FormData): Promise<string> {
  const response = await fetch(path, { method: form ? 'POST' : 'GET', body: form, headers: await authorizationHeaders(), credentials: 'same-origin' });
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(reply?.message || `Download failed (HTTP ${response.status}).`);
  }
  const name = fileNameOf(response, fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
