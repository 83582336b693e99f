import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Trash2 } from 'lucide-react';
import { Button } from './button.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { apiRequest } from '../lib/api-client.js';

export interface RevocableListProps<T extends { id: string }> {
  items: T[];
  /** The item's name, for its Revoke button's label and the dialog. */
  nameOf: (item: T) => string;
  /** The Revoke button's accessible name (default "Revoke <name>"). */
  revokeLabelOf?: (item: T) => string;
  /** The line under the name (dates, state). */
  detailOf: (item: T) => ReactNode;
  /** The DELETE route that revokes one item. */
  pathOf: (item: T) => string;
  /** What the thing is called in messages: "share link", "API key". */
  noun: string;
  emptyText: string;
  /** What revoking does, said in the confirmation. */
  consequence: (item: T) => ReactNode;
  onRevoked: () => void;
  className?: string;
}

/**
 * A list of things the user can revoke (API keys, share links): each with Revoke, asked once in a
 * dialog, then DELETE and a toast. One place for the list's look and its error handling.
 */
export function RevocableList<T extends { id: string }>(props: RevocableListProps<T>) {
  const { items, nameOf, detailOf, pathOf, noun, emptyText, consequence, onRevoked, className = '' } = props;
  const revokeLabelOf = props.revokeLabelOf ?? ((item: T) => `Revoke ${nameOf(item)}`);
  const [revoking, setRevoking] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function revoke(item: T) {
    setBusy(true);
    try {
      const reply = await apiRequest(pathOf(item), { method: 'DELETE' });
      if (!reply.success) return void toast.error(reply.message || `Could not revoke the ${noun}.`);
      toast.success(reply.message || `${noun[0]!.toUpperCase()}${noun.slice(1)} revoked`);
      setRevoking(null);
      onRevoked();
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {items.length > 0 ? (
        <ul className={`divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200 ${className}`}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{nameOf(item)}</p>
                <p className="text-xs text-slate-500">{detailOf(item)}</p>
              </div>
              <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50" icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => setRevoking(item)} aria-label={revokeLabelOf(item)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`text-sm text-slate-500 ${className}`}>{emptyText}</p>
      )}
      <ConfirmDialog open={revoking !== null} title={`Revoke this ${noun}?`} confirmLabel={`Revoke ${noun.split(' ').at(-1)}`} busy={busy} onClose={() => setRevoking(null)} onConfirm={() => revoking && void revoke(revoking)}>
        {revoking ? consequence(revoking) : null}
      </ConfirmDialog>
    </>
  );
}
