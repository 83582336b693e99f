import { useId, useRef, useState, type DragEvent } from 'react';
import toast from 'react-hot-toast';
import { FileCheck2, Upload } from 'lucide-react';
import { Badge } from '../badge.js';
import { cn } from '../../lib/cn.js';
import { fileSizeText } from './rules.js';

export interface FileDropAreaProps {
  /** Visible label above the area, also the accessible name of the file input. */
  label: string;
  /** The picker's accept filter, e.g. "image/*". */
  accept: string;
  /** Main line inside the area. */
  prompt: string;
  /** Small line under it (formats, size). */
  hint: string;
  /** Dropped files must pass this check; failures show `rejectMessage`. */
  isAccepted: (file: File) => boolean;
  rejectMessage: string;
  /** Apply the check to files chosen through the picker too (the picker's filter alone is not strict). */
  checkPickedFiles?: boolean;
  file: File | null;
  onFile: (file: File) => void;
  /** Show the "File Selected" badge next to the chosen file. */
  showSelectedBadge?: boolean;
  disabled?: boolean;
}

/**
 * Drag-and-drop or click-to-browse file area. The real file input stays in the tab order
 * (visually hidden), so the area works from the keyboard with Enter or Space.
 */
export function FileDropArea({
  label,
  accept,
  prompt,
  hint,
  isAccepted,
  rejectMessage,
  checkPickedFiles = false,
  file,
  onFile,
  showSelectedBadge = false,
  disabled = false,
}: FileDropAreaProps) {
  const inputId = useId();
  const labelId = useId();
  const hintId = useId();
  const [dragOver, setDragOver] = useState(false);
  // dragenter/dragleave fire for every child element; count them so the highlight does not flicker.
  const depth = useRef(0);

  function take(candidate: File | undefined, checked: boolean) {
    if (!candidate) return;
    if (checked && !isAccepted(candidate)) {
      toast.error(rejectMessage);
      return;
    }
    onFile(candidate);
  }

  function handleDragEnter(event: DragEvent) {
    event.preventDefault();
    depth.current += 1;
    if (!disabled) setDragOver(true);
  }
  function handleDragLeave(event: DragEvent) {
    event.preventDefault();
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragOver(false);
  }
  function handleDrop(event: DragEvent) {
    event.preventDefault();
    depth.current = 0;
    setDragOver(false);
    if (disabled) return;
    take(event.dataTransfer.files[0], true);
  }

  return (
    <div>
      <p id={labelId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </p>
      <label
        htmlFor={inputId}
        data-testid="file-drop-area"
        data-drag-over={dragOver || undefined}
        onDragEnter={handleDragEnter}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={handleDragLeave}
        onDrop={handleDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-4 py-8 text-center transition',
          'has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-500 has-[input:focus-visible]:ring-offset-2',
          dragOver ? 'border-brand-500 bg-brand-50 scale-[1.01]' : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        <input
          id={inputId}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            take(event.target.files?.[0], checkPickedFiles);
            // Allow choosing the same file again after a rejection or a new run.
            event.target.value = '';
          }}
        />
        <span className={cn('mb-3 grid size-12 place-items-center rounded-2xl transition', dragOver ? 'bg-brand-500 text-white' : 'bg-white text-brand-600 shadow-xs ring-1 ring-slate-200')}>
          <Upload className="size-5" aria-hidden="true" />
        </span>
        <span className="text-sm font-medium text-slate-800">{prompt}</span>
        <span id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </span>
      </label>

      {file ? (
        <div className="mt-3 flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3.5 py-2.5">
          <FileCheck2 className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-800" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-slate-500">{fileSizeText(file.size)}</p>
          </div>
          {showSelectedBadge ? <Badge tone="success">File Selected</Badge> : null}
        </div>
      ) : null}
    </div>
  );
}
