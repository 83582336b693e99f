// Copy and download helpers shared by the tool screens. Each answers true/false so the screen
// shows its own success or failure toast.

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled so the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text as a file (markdown by default). */
export function downloadText(text: string, fileName: string, type = 'text/markdown'): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}

/** Fetches an image and saves it under `fileName`; false when the fetch fails. */
export async function downloadFromUrl(url: string, fileName: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    if (!response.ok) return false;
    saveBlob(await response.blob(), fileName);
    return true;
  } catch {
    return false;
  }
}

/** Absolute address of a result, so a copied link works outside the app too. */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}
