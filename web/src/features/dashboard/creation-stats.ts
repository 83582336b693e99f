// Rules of the Dashboard, kept pure so they can be tested on their own.

import type { EngineInfo } from '@craftwell/contracts/jobs';

export type Creation = {
  id: string | number;
  type: string;
  prompt: string;
  content: string;
  /** A list item carries the start of a long text; GET /api/user/creations/:id has all of it. */
  content_truncated?: boolean;
  publish?: boolean;
  created_at?: string;
  createdAt?: string;
  date?: string;
  engine?: EngineInfo | null;
  /** Made in a batch (the owner's own list): cards of one batch are shown together. */
  batch_id?: string;
  /** Made from this earlier creation of the owner's (worked on again from the dashboard). */
  source_id?: string;
};

export const weekInMs = 7 * 24 * 60 * 60 * 1000;

/** The moment a creation was made: createdAt, created_at or date, whichever is present first. */
export function creationTime(creation: Pick<Creation, 'createdAt' | 'created_at' | 'date'>): number | null {
  const raw = creation.createdAt ?? creation.created_at ?? creation.date;
  if (!raw) return null;
  const time = new Date(raw).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Creations made in the last 7 days. */
export function countThisWeek(creations: ReadonlyArray<Pick<Creation, 'createdAt' | 'created_at' | 'date'>>, now: number = Date.now()): number {
  const weekAgo = now - weekInMs;
  return creations.filter((creation) => {
    const time = creationTime(creation);
    return time !== null && time >= weekAgo;
  }).length;
}

/** Average per week: total divided by 4, rounded up. */
export function averagePerWeek(total: number): number {
  return Math.ceil(total / 4);
}

/** Counted by the server over all creations, not only the loaded page. */
export type CreationCounts = { total: number; thisWeek: number };

export type StatCard = { key: 'total' | 'plan' | 'week' | 'productivity'; title: string; value: string; trend: string | null };

/**
 * The four stat cards with their fixed values and trend texts. `counts` from the server
 * win; without them the given list is counted.
 */
export function dashboardStats(creations: ReadonlyArray<Creation>, isPremium: boolean, now: number = Date.now(), counts?: CreationCounts): StatCard[] {
  const total = counts?.total ?? creations.length;
  const thisWeek = counts?.thisWeek ?? countThisWeek(creations, now);
  return [
    { key: 'total', title: 'Total Creations', value: String(total), trend: total > 0 ? 'All time' : null },
    { key: 'plan', title: 'Active Plan', value: isPremium ? 'Premium' : 'Free', trend: null },
    { key: 'week', title: 'This Week', value: String(thisWeek), trend: thisWeek > 0 ? `${thisWeek} new` : 'No new creations' },
    { key: 'productivity', title: 'Productivity', value: total > 0 ? 'Active' : 'Getting Started', trend: null },
  ];
}

export type CreationKind = 'image' | 'article' | 'other';

/** Which colour theme a creation card uses. */
export function creationKind(type: string): CreationKind {
  const normalized = type.trim().toLowerCase();
  if (normalized === 'image') return 'image';
  if (normalized === 'article') return 'article';
  return 'other';
}

/** A person-friendly type name: 'blog-title' -> 'Blog Title'. */
export function creationTypeLabel(type: string): string {
  return type
    .trim()
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
