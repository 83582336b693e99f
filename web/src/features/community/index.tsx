import { useEffect, useRef } from 'react';
import { Images, Users } from 'lucide-react';
import { Badge } from '../../components/Badge.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { LoadingState, Spinner } from '../../components/Spinner.js';
import { useCurrentUser } from '../../lib/auth-context.js';
import { GalleryCard } from './components/gallery-card.js';
import { creationCountLabel } from './likes.js';
import { useGallery } from './use-gallery.js';

export default function CommunityPage() {
  const { user } = useCurrentUser();
  const { creations, loading, loadingMore, hasMore, loadMore, toggleLike, pendingLike } = useGallery(Boolean(user));
  const sentinel = useRef<HTMLDivElement>(null);

  // More pages arrive as the end of the grid scrolls into view.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    }, { rootMargin: '600px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  return (
    <div>
      <PageHeader
        title="Community Gallery"
        description="Images the community chose to share. Like the ones you love."
        icon={<Users className="size-5" aria-hidden="true" />}
        actions={!loading && <Badge tone="brand">{creationCountLabel(creations.length)}</Badge>}
      />

      {loading ? (
        <LoadingState text="Loading community creations..." />
      ) : creations.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState icon={<Images className="size-6" aria-hidden="true" />} title="No Creations Yet">
            Publish an image from Generate Images to be the first in the gallery.
          </EmptyState>
        </div>
      ) : (
        <>
          <ul className="columns-1 gap-4 sm:columns-2 lg:columns-3 xl:columns-4">
            {creations.map((creation) => (
              <GalleryCard
                key={creation.id}
                creation={creation}
                currentUserId={user?.id ?? null}
                busy={pendingLike === creation.id}
                onToggleLike={(id) => void toggleLike(id)}
              />
            ))}
          </ul>
          <div ref={sentinel} aria-hidden="true" />
          {loadingMore && (
            <div className="flex justify-center py-6 text-brand-500">
              <Spinner label="Loading more creations" />
            </div>
          )}
        </>
      )}
    </div>
  );
}
