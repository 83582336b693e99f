import { Heart } from 'lucide-react';
import { cn } from '../../../lib/cn.js';
import { isLikedBy, likeCount } from '../likes.js';
import type { PublishedCreation } from '../use-gallery.js';

export const placeholderImage = '/placeholder-image.svg';

export type GalleryCardProps = {
  creation: PublishedCreation;
  currentUserId: string | null;
  busy: boolean;
  onToggleLike: (id: PublishedCreation['id']) => void;
};

/** One published image: like-count and Liked badges; hover (or focus) shows the prompt and like button. */
export function GalleryCard({ creation, currentUserId, busy, onToggleLike }: GalleryCardProps) {
  const count = likeCount(creation.likes);
  const liked = isLikedBy(creation.likes, currentUserId);

  return (
    <li className="group relative overflow-hidden rounded-2xl bg-slate-100 shadow-xs ring-1 ring-slate-200/70" data-testid="gallery-card">
      <img
        src={creation.content || placeholderImage}
        alt={creation.prompt}
        loading="lazy"
        className="block h-auto w-full transition duration-500 group-hover:scale-[1.03]"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(placeholderImage)) event.currentTarget.src = placeholderImage;
        }}
      />

      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-3">
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-950/55 px-2.5 py-1 text-xs font-medium text-white backdrop-blur" data-testid="like-count">
          <Heart className="size-3.5" aria-hidden="true" />
          <span aria-label={`${count} likes`}>{count}</span>
        </span>
        {liked && <span className="rounded-full bg-rose-600 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">Liked</span>}
      </div>

      <div
        className={cn(
          'absolute inset-x-0 bottom-0 flex items-end justify-between gap-3 bg-gradient-to-t from-slate-950/85 via-slate-950/50 to-transparent p-4 pt-16',
          'opacity-0 transition duration-200 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100',
        )}
      >
        <p className="line-clamp-3 text-sm leading-5 text-white">"{creation.prompt}"</p>
        <button
          type="button"
          onClick={() => onToggleLike(creation.id)}
          disabled={busy}
          aria-pressed={liked}
          aria-label={liked ? `Unlike (${count} likes)` : `Like (${count} likes)`}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-white/15 px-3 py-1.5 text-sm font-medium text-white backdrop-blur transition hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
        >
          <Heart className={cn('size-4 transition', liked ? 'fill-rose-500 text-rose-500' : 'text-white')} aria-hidden="true" />
          {count}
        </button>
      </div>
    </li>
  );
}
