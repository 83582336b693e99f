import { useId, useState } from 'react';
import { ChevronDown, Layers } from 'lucide-react';
import type { BatchTool } from '@craftwell/contracts/batches';
import { Button } from '../../components/button.js';
import { cn } from '../../lib/cn.js';
import { BatchPanel, type BatchPanelProps } from './batch-panel.js';
import { readStoredBatchId } from './format.js';

/**
 * The secondary "many images at once" control under a tool's single-image form: closed until
 * asked for, open by itself when a batch of this tool was left running (or finished) last time.
 */
export function BatchSection(props: BatchPanelProps & { tool: BatchTool }) {
  const [open, setOpen] = useState(() => readStoredBatchId(props.tool) !== null);
  const headingId = useId();
  const panelId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 min-w-0 border-t border-slate-200 pt-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Layers className="size-4 text-brand-600" aria-hidden="true" />
            Batch processing
          </h3>
          <p className="text-xs text-slate-500">Run up to 100 images, or one .zip, the same way.</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          icon={<ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />}
        >
          Process many images
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="mt-4">
        {open ? <BatchPanel {...props} /> : null}
      </div>
    </section>
  );
}
