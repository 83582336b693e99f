import { useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/logo.js';
import { LoadingState } from '../../components/spinner.js';
import { useAuthUi, useCurrentUser } from '../../lib/auth-context.js';
import { Sidebar } from './sidebar.js';

/** The signed-in area: top bar, sidebar and the current tool; a sign-in component when signed out. */
export default function AiLayout() {
  const { user, isLoaded, isPremium, openProfile, signOut } = useCurrentUser();
  const { SignIn } = useAuthUi();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();
  const location = useLocation();

  // Any navigation (including back/forward) closes the small-screen drawer.
  useEffect(() => setSidebarOpen(false), [location.pathname]);

  useEffect(() => {
    if (!sidebarOpen) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setSidebarOpen(false);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="sticky top-0 z-40 flex h-16 shrink-0 items-center justify-between border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
        <Logo />
        {user && (
          <button
            type="button"
            className="rounded-lg p-2 text-slate-600 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
            aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            {sidebarOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        )}
      </header>

      {!isLoaded ? (
        <main id="main" className="flex flex-1 items-center justify-center">
          <LoadingState text="Loading your workspace..." />
        </main>
      ) : !user ? (
        <main id="main" className="flex flex-1 items-center justify-center bg-gradient-to-b from-brand-50/60 to-slate-50 p-4">
          <SignIn />
        </main>
      ) : (
        <div className="relative flex flex-1">
          {sidebarOpen && (
            <div className="fixed inset-0 top-16 z-20 bg-slate-950/30 backdrop-blur-[2px] md:hidden" aria-hidden="true" onClick={() => setSidebarOpen(false)} />
          )}
          <Sidebar
            id={sidebarId}
            user={user}
            isPremium={isPremium}
            open={sidebarOpen}
            onNavigate={() => setSidebarOpen(false)}
            onOpenProfile={openProfile}
            onSignOut={() => void signOut()}
          />
          <main id="main" className="min-w-0 flex-1 scroll-mt-16">
            <div className="mx-auto w-full max-w-7xl p-4 sm:p-6 lg:p-8">
              <Outlet />
            </div>
          </main>
        </div>
      )}
    </div>
  );
}
