import { NavLink } from 'react-router-dom';
import { Crown, LogOut } from 'lucide-react';
import { Avatar } from '../../components/avatar.js';
import { Badge } from '../../components/badge.js';
import { Tooltip } from '../../components/tooltip.js';
import { navItems } from '../../config/navigation.js';
import type { CurrentUser } from '../../lib/auth-context.js';
import { cn } from '../../lib/cn.js';

export type SidebarProps = {
  id?: string;
  user: CurrentUser;
  isPremium: boolean;
  open: boolean;
  /** Called when an item is chosen (closes the drawer on small screens). */
  onNavigate: () => void;
  onOpenProfile: () => void;
  onSignOut: () => void;
};

/** Navigation for the signed-in area: a column on wide screens, a drawer on small ones. */
export function Sidebar({ id, user, isPremium, open, onNavigate, onOpenProfile, onSignOut }: SidebarProps) {
  return (
    <aside
      id={id}
      aria-label="Sidebar"
      className={cn(
        'z-30 w-64 shrink-0 flex-col border-r border-slate-200 bg-white',
        'max-md:fixed max-md:top-16 max-md:bottom-0 max-md:left-0 max-md:shadow-2xl md:sticky md:top-16 md:h-[calc(100dvh-4rem)]',
        open ? 'flex max-md:animate-pop-in' : 'hidden md:flex',
      )}
    >
      <div className="flex flex-col items-center gap-2 border-b border-slate-100 px-5 pt-7 pb-5 text-center">
        <Avatar name={user.name} src={user.image} size="lg" className="shadow-md" />
        <p className="mt-1 max-w-full truncate text-sm font-semibold text-slate-900">{user.name}</p>
      </div>

      <nav aria-label="Tools" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {navItems.map(({ to, label, Icon, exact }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={exact}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'group flex items-center gap-3 rounded-xl px-3.5 py-2.5 text-sm font-medium transition',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
                    isActive
                      ? 'bg-gradient-to-r from-brand-600 to-accent-600 text-white shadow-md shadow-brand-600/20'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon className={cn('size-4.5 shrink-0', isActive ? 'text-white' : 'text-slate-400 group-hover:text-slate-600')} aria-hidden="true" />
                    {label}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex items-center gap-2 border-t border-slate-100 p-3">
        <button
          type="button"
          onClick={onOpenProfile}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-2 text-left transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <span className="sr-only">Open account profile:</span>
          <Avatar name={user.name} src={user.image} size="sm" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-slate-900">{user.name}</span>
            <Badge tone={isPremium ? 'premium' : 'neutral'} className="mt-0.5 !px-2 !py-0 text-[0.6875rem]">
              {isPremium && <Crown className="size-3" aria-hidden="true" />}
              {isPremium ? 'Premium' : 'Free'}
            </Badge>
          </span>
        </button>
        <Tooltip text="Sign out">
          <button
            type="button"
            onClick={onSignOut}
            aria-label="Sign out"
            className="rounded-lg p-2 text-slate-400 transition hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <LogOut className="size-4.5" aria-hidden="true" />
          </button>
        </Tooltip>
      </div>
    </aside>
  );
}
