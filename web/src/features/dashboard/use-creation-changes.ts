import { useCallback, useMemo, useState } from 'react';
import type { CreationChange } from './components/creation-actions.js';
import type { Creation } from './creation-stats.js';

/**
 * Applies the owner's deletes and unpublishes to the fetched list at once, without fetching it
 * again (the list keeps its place and its scroll position).
 */
export function useCreationChanges(creations: Creation[]) {
  const [changes, setChanges] = useState<ReadonlyMap<Creation['id'], CreationChange>>(new Map());
  const apply = useCallback((id: Creation['id'], change: CreationChange) => {
    setChanges((previous) => new Map(previous).set(id, change));
  }, []);
  const visible = useMemo(
    () =>
      creations.flatMap((creation) => {
        const change = changes.get(creation.id);
        if (!change) return [creation];
        return 'removed' in change ? [] : [{ ...creation, publish: change.publish }];
      }),
    [creations, changes],
  );
  return { creations: visible, apply };
}
