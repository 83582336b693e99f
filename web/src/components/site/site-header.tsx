import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { Logo } from '../logo.js';
import { buttonClasses, Button } from '../button.js';
import { useAuthUi, useCurrentUser } from '../../lib/auth-context.js';
import { cn } from '../../lib/cn.js';

/** Fixed header of the public pages: logo, then Get Started (signed out) or the user menu. */
export function SiteHeader() {
  const { user, isLoaded, openSignIn } = useCurrentUser();
  const { UserMenu } = useAuthUi();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-all',
        scrolled ? 'border-b border-slate-200/70 bg-white/80 shadow-xs backdrop-blur-lg' : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Logo />
        <div className="flex items-center gap-3">
          {!isLoaded ? (
            // The stored session is still being checked: neither Get Started nor the menu yet, so
            // a signed-in visitor never sees Get Started flash before their menu.
            <span data-testid="session-pending" aria-hidden="true" className="h-9 w-28 animate-pulse rounded-full bg-slate-200/70" />
          ) : user ? (
            <>
              <Link to="/ai" className={buttonClasses('ghost', 'sm', 'hidden sm:inline-flex')}>
                Dashboard
              </Link>
              <UserMenu />
            </>
          ) : (
            <Button onClick={openSignIn} className="rounded-full px-5">
              Get Started <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
