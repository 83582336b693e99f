import { useEffect, useState, type ReactNode } from 'react';
import { Button } from './button.js';
import { Dialog } from './dialog.js';
import { TextField } from './field.js';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until exactly this text is typed. */
  typedConfirmation?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something that cannot be undone (a delete); optionally wants a word typed. */
export function ConfirmDialog({ open, title, children, confirmLabel, typedConfirmation, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const ready = !typedConfirmation || typed.trim() === typedConfirmation;
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) onConfirm();
        }}
      >
        {children ? <div className="text-sm leading-6 text-slate-600">{children}</div> : null}
        {typedConfirmation ? (
          <TextField label={`Type ${typedConfirmation} to confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" data-autofocus />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
