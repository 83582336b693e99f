// Likes arrive either as a list of user ids or as one comma-separated string of ids; both are accepted.

/** The user ids in a likes value, whichever shape it has. */
export function parseLikes(likes: unknown): string[] {
  if (Array.isArray(likes)) {
    return likes.map((id) => String(id).trim()).filter((id) => id.length > 0);
  }
  if (typeof likes === 'string') {
    // A Postgres array literal ("{a,b}") is a comma-separated list in braces.
    const inner = likes.trim().replace(/^\{(.*)\}$/s, '$1');
    return inner
      .split(',')
      .map((id) => id.trim().replace(/^"(.*)"$/, '$1'))
      .filter((id) => id.length > 0);
  }
  return [];
}

/** Number of likes: the number of ids. */
export function likeCount(likes: unknown): number {
  return parseLikes(likes).length;
}

/** Whether the given user is among the likers. */
export function isLikedBy(likes: unknown, userId: string | null | undefined): boolean {
  if (!userId) return false;
  return parseLikes(likes).includes(String(userId));
}

/** "N creation(s)" as the gallery shows it. */
export function creationCountLabel(count: number): string {
  return `${count} creation(s)`;
}
