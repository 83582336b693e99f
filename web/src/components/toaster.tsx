import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** At most this many toasts are visible; older ones are dismissed first. */
export const maxVisibleToasts = 20;

/** Toasts for the whole app: errors stay 4 s, successes 2 s. */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    // The store lists newest first, so everything past the limit is the oldest.
    toasts
      .filter((item) => item.visible)
      .slice(maxVisibleToasts)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  // Rendered beside the app root so toasts stay announced while a dialog makes the app inert,
  // inside a labelled landmark so no page content lives outside one (axe "region").
  return createPortal(
    <section aria-label="Notifications">
      <Toaster
        position="top-center"
        gutter={10}
        toastOptions={{
          success: { duration: 2000 },
          error: { duration: 4000 },
          className: '!rounded-xl !px-4 !py-3 !text-sm !font-medium !text-slate-800 !shadow-lg !ring-1 !ring-slate-200',
        }}
      />
    </section>,
    document.body,
  );
}
