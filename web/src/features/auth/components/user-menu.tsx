import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LayoutDashboard, LogOut, UserRound, Settings, ShieldCheck } from 'lucide-react';
import { Avatar } from '../../../components/avatar.js';
import { paths } from '../../../config/paths.js';
import { useCurrentUser } from '../../../lib/auth-context.js';

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-slate-700 transition hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';

/** The header's user menu button (local accounts). */
export function LocalUserMenu() {
  const { user, openProfile, signOut } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointer(event: MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      // Arrow keys move between the menu's items, wrapping at either end.
      const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
      if (items.length === 0) return;
      event.preventDefault();
      const current = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(current + step + items.length) % items.length].focus();
    }
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center rounded-full transition hover:ring-4 hover:ring-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <span className="sr-only">Open user menu</span>
        <Avatar name={user.name} src={user.image} size="md" />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="User menu" className="absolute right-0 z-50 mt-2 w-64 origin-top-right rounded-2xl border border-slate-200 bg-white p-2 shadow-xl animate-pop-in">
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <div className="my-1 h-px bg-slate-100" />
          <Link role="menuitem" to="/ai" className={itemClass} onClick={() => setOpen(false)}>
            <LayoutDashboard className="size-4 text-slate-400" aria-hidden="true" /> Dashboard
          </Link>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            onClick={() => {
              setOpen(false);
              openProfile();
            }}
          >
            <UserRound className="size-4 text-slate-400" aria-hidden="true" /> Manage account
          </button>
          <Link role="menuitem" to={paths.account} className={itemClass} onClick={() => setOpen(false)}>
            <Settings className="size-4 text-slate-400" aria-hidden="true" /> Account settings
          </Link>
          {user.isAdmin ? (
            <Link role="menuitem" to={paths.admin} className={itemClass} onClick={() => setOpen(false)}>
              <ShieldCheck className="size-4 text-slate-400" aria-hidden="true" /> Administration
            </Link>
          ) : null}
          <button role="menuitem" type="button" className={itemClass} onClick={() => void signOut()}>
            <LogOut className="size-4 text-slate-400" aria-hidden="true" /> Sign out
          </button>
        </div>
      )}
    </div>
  );
}
