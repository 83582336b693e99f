import { Eraser, FileText, Hash, Image, LayoutDashboard, Scissors, SquarePen, Users, type LucideIcon } from 'lucide-react';
import { paths } from './paths.js';

export type NavItem = {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** Active only on an exact match of `to` (the Dashboard). */
  exact?: boolean;
};

/** The signed-in sidebar, in order. */
export const navItems: NavItem[] = [
  { to: paths.ai, label: 'Dashboard', Icon: LayoutDashboard, exact: true },
  { to: paths.writeArticle, label: 'Write Article', Icon: SquarePen },
  { to: paths.blogTitles, label: 'Blog Titles', Icon: Hash },
  { to: paths.generateImages, label: 'Generate Images', Icon: Image },
  { to: paths.removeBackground, label: 'Remove Background', Icon: Eraser },
  { to: paths.removeObject, label: 'Remove Object', Icon: Scissors },
  { to: paths.reviewResume, label: 'Review Resume', Icon: FileText },
  { to: paths.community, label: 'Community', Icon: Users },
];
