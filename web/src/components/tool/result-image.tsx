import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { cn } from '../../lib/cn.js';

/** The fade-in after load. */
export const RESULT_FADE_MS = 700;

/**
 * A result image that fades in once loaded. The screen owns the `loaded` flag (reset on each
 * submit) because Share and Download appear only once it is set: it is set when the image is
 * fully shown (its fade has ended), never while it is still invisible. A load failure sets it
 * too and shows `failMessage`.
 *
 * The fade is a Web Animation over an image whose own style is already opaque: if no frame is
 * ever drawn (a hidden tab) or the animation is cut short, the image is simply shown.
 */
export function ResultImage({
  src,
  alt,
  loaded,
  onLoaded,
  failMessage,
  checkerboard = false,
  className,
}: {
  src: string;
  alt: string;
  loaded: boolean;
  onLoaded: () => void;
  failMessage: string;
  /** Draw a checkerboard behind the image so transparent areas are visible. */
  checkerboard?: boolean;
  className?: string;
}) {
  const imageRef = useRef<HTMLImageElement>(null);
  // Whether this image (this src) has loaded here. A remount of an image already shown (the
  // screen's flag is set) starts visible: nothing to fade, no moment of invisibility.
  const [visibleSrc, setVisibleSrc] = useState<string | null>(loaded ? src : null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const pending = useRef<Array<() => void>>([]);
  useEffect(() => () => pending.current.forEach((cancel) => cancel()), []);

  function handleLoad() {
    const image = imageRef.current;
    if (visibleSrc === src || !image) {
      onLoadedRef.current();
      return;
    }
    setVisibleSrc(src);
    const fade = typeof image.animate === 'function'
      ? image.animate([{ opacity: 0 }, { opacity: 1 }], { duration: RESULT_FADE_MS, easing: 'ease-out' })
      : null;
    if (!fade) {
      onLoadedRef.current();
      return;
    }
    let reported = false;
    const shown = () => {
      if (reported) return;
      reported = true;
      clearTimeout(timer);
      fade.finish();
      onLoadedRef.current();
    };
    // A fade that never runs (no frames drawn) must not hide the result or hold back its actions.
    const timer = setTimeout(shown, RESULT_FADE_MS + 200);
    pending.current.push(() => clearTimeout(timer));
    fade.finished.then(shown, shown);
  }

  function handleError() {
    onLoadedRef.current();
    toast.error(failMessage);
  }

  return (
    <div
      className={cn(
        'relative flex min-h-48 items-center justify-center overflow-hidden rounded-xl border border-slate-200',
        !checkerboard && 'bg-slate-50',
        className,
      )}
      style={checkerboard ? checkerboardStyle : undefined}
    >
      <img
        ref={imageRef}
        src={src}
        alt={alt}
        onLoad={handleLoad}
        onError={handleError}
        data-shown={visibleSrc === src && loaded ? 'true' : undefined}
        className={cn('h-auto max-h-[32rem] w-full object-contain', visibleSrc === src ? 'opacity-100' : 'opacity-0')}
      />
    </div>
  );
}

// Inline so the pattern needs nothing from the global stylesheet.
const checkerboardStyle = {
  backgroundColor: '#ffffff',
  backgroundImage:
    'linear-gradient(45deg, #e2e8f0 25%, transparent 25%), linear-gradient(-45deg, #e2e8f0 25%, transparent 25%), ' +
    'linear-gradient(45deg, transparent 75%, #e2e8f0 75%), linear-gradient(-45deg, transparent 75%, #e2e8f0 75%)',
  backgroundSize: '20px 20px',
  backgroundPosition: '0 0, 0 10px, 10px -10px, -10px 0',
} as const;
