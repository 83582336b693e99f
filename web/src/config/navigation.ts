import { LayoutDashboard, Users, type LucideIcon } from 'lucide-react';
import { paths } from './paths.js';
import { toolCards } from './tools.js';

export type NavItem = {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** Active only on an exact match of `to` (the Dashboard). */
  exact?: boolean;
};

/** The signed-in sidebar, in order: the Dashboard, the tools (from the one table), Community. */
export const navItems: NavItem[] = [
  { to: paths.ai, label: 'Dashboard', Icon: LayoutDashboard, exact: true },
  ...toolCards.map((tool) => ({ to: tool.path, label: tool.navLabel, Icon: tool.icon })),
  { to: paths.community, label: 'Community', Icon: Users },
];
