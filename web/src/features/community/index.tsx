import { useEffect, useRef } from 'react';
import { Images, Users } from 'lucide-react';
import { Badge } from '../../components/badge.js';
import { EmptyState } from '../../components/empty-state.js';
import { PageHeader } from '../../components/page-header.js';
import { LoadingState, Spinner } from '../../components/spinner.js';
import { useCurrentUser } from '../../lib/auth-context.js';
import { GalleryCard } from './components/gallery-card.js';
import { creationCountLabel } from './likes.js';
import { dealIntoColumns, masonryColumnCount } from './masonry.js';
import { useElementWidth } from './use-element-width.js';
import { useGallery } from './use-gallery.js';

export default function CommunityPage() {
  const { user } = useCurrentUser();
  const { creations, loading, loadingMore, hasMore, loadMore, toggleLike, pendingLike } = useGallery(Boolean(user));
  const sentinel = useRef<HTMLDivElement>(null);
  // The page body is always rendered, so it can be measured before the first items arrive.
  const page = useRef<HTMLDivElement>(null);
  const pageWidth = useElementWidth(page);
  const columns = dealIntoColumns(creations, masonryColumnCount(pageWidth));

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
    <div ref={page}>
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
          {/* Round-robin columns: the newest items form the top row, each column stacks freely. */}
          <div className="flex items-start gap-4" data-testid="gallery-grid" data-columns={columns.length}>
            {columns.map((column, index) => (
              <ul key={index} className="flex min-w-0 flex-1 flex-col gap-4">
                {column.map((creation) => (
                  <GalleryCard
                    key={creation.id}
                    creation={creation}
                    currentUserId={user?.id ?? null}
                    busy={pendingLike === creation.id}
                    onToggleLike={(id) => void toggleLike(id)}
                  />
                ))}
              </ul>
            ))}
          </div>
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
