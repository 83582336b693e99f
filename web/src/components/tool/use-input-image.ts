import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';

/** Navigation state that hands an earlier result to an image tool ("use as input"). */
export type InputImageState = { inputImage: { url: string; name: string; creationId?: string } };

export function inputImageState(url: string, name: string, creationId?: string): InputImageState {
  return { inputImage: { url, name, ...(creationId ? { creationId } : {}) } };
}

/**
 * When the page was opened with an image to start from, fetches it once and hands it to the
 * page as if the user had chosen that file, with the creation it came from (the page sends its
 * id instead of the file: no upload, and the new result is linked to it); the state is then
 * cleared so a reload starts empty.
 */
export function useInputImage(onFile: (file: File, sourceId?: string) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const input = (location.state as Partial<InputImageState> | null)?.inputImage;

  useEffect(() => {
    if (!input) return;
    const controller = new AbortController();
    fetch(input.url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error('not ok');
        const blob = await response.blob();
        onFile(new File([blob], input.name, { type: blob.type || 'image/png' }), input.creationId);
        navigate(location.pathname, { replace: true, state: null });
      })
      .catch(() => {
        if (!controller.signal.aborted) toast.error('Could not load that image. Download it and upload it here instead.');
      });
    return () => controller.abort();
    // Runs for each new hand-over only; onFile is the page's setter.
  }, [input?.url]);
}
