import toast from 'react-hot-toast';
import { cn } from '../../lib/cn.js';

/**
 * A result image that fades in once loaded. The screen owns the `loaded` flag (reset on each
 * submit) because Share and Download appear only once it is set; a load failure sets it too
 * and shows `failMessage`.
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
        src={src}
        alt={alt}
        onLoad={onLoaded}
        onError={() => {
          onLoaded();
          toast.error(failMessage);
        }}
        className={cn('h-auto max-h-[32rem] w-full object-contain transition-opacity duration-700', loaded ? 'opacity-100' : 'opacity-0')}
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
