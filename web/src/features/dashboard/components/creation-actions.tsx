import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Copy, Download, EyeOff, FileText, Link2, Scissors, Trash2, Wand2 } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { paths } from '../../../config/paths.js';
import { apiRequest } from '../../../lib/api-client.js';
import { downloadFromApi } from '../../../lib/api-download.js';
import { copyText } from '../../../components/tool/file-actions.js';
import { inputImageState } from '../../../components/tool/use-input-image.js';
import { creationKind, type Creation } from '../creation-stats.js';
import { ShareDialog } from '../../share-links/share-dialog.js';

export type CreationChange = { removed: true } | { publish: boolean };

const errorText = (thrown: unknown) => (thrown instanceof Error ? thrown.message : 'Something went wrong');

/** What the owner can do with one creation: download, copy, reuse, share by link, unpublish, delete. */
export function CreationActions({ creation, onChange }: { creation: Creation; onChange?: (change: CreationChange) => void }) {
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState(false);
  const isImage = creationKind(creation.type) === 'image';
  const base = `/api/creations/${creation.id}`;

  async function download(format: 'png' | 'md' | 'docx') {
    try {
      await downloadFromApi(`${base}/download?format=${format}`, `creation.${format}`);
      toast.success(isImage ? 'Image downloaded successfully!' : 'Download started');
    } catch (thrown) {
      toast.error(isImage ? 'Failed to download image' : errorText(thrown));
    }
  }

  async function copy() {
    if (await copyText(creation.content)) toast.success('Copied to clipboard!');
    else toast.error('Failed to copy to clipboard');
  }

  async function call(path: string, method: string, change: CreationChange) {
    setBusy(true);
    try {
      const reply = await apiRequest(path, { method, json: method === 'POST' ? {} : undefined });
      if (!reply.success) return void toast.error(reply.message || 'Something went wrong');
      toast.success(reply.message || 'Done');
      setConfirmDelete(false);
      onChange?.(change);
    } catch (thrown) {
      toast.error(errorText(thrown));
    } finally {
      setBusy(false);
    }
  }

  const useAsInput = (path: string) => navigate(path, { state: inputImageState(creation.content, `creation-${creation.id}.png`, String(creation.id)) });

  return (
    <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Creation actions">
      {isImage ? (
        <>
          <Button size="sm" variant="secondary" icon={<Download className="size-4" aria-hidden="true" />} onClick={() => void download('png')}>
            Download PNG
          </Button>
          <Button size="sm" variant="secondary" icon={<Wand2 className="size-4" aria-hidden="true" />} onClick={() => useAsInput(paths.removeBackground)}>
            Remove its background
          </Button>
          <Button size="sm" variant="secondary" icon={<Scissors className="size-4" aria-hidden="true" />} onClick={() => useAsInput(paths.removeObject)}>
            Remove an object
          </Button>
          {creation.publish ? (
            <Button size="sm" variant="secondary" icon={<EyeOff className="size-4" aria-hidden="true" />} loading={busy} onClick={() => void call(`${base}/unpublish`, 'POST', { publish: false })}>
              Unpublish
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <Button size="sm" variant="secondary" icon={<Copy className="size-4" aria-hidden="true" />} onClick={() => void copy()}>
            Copy text
          </Button>
          <Button size="sm" variant="secondary" icon={<Download className="size-4" aria-hidden="true" />} onClick={() => void download('md')}>
            Markdown
          </Button>
          <Button size="sm" variant="secondary" icon={<FileText className="size-4" aria-hidden="true" />} onClick={() => void download('docx')}>
            Word
          </Button>
        </>
      )}
      <Button size="sm" variant="secondary" icon={<Link2 className="size-4" aria-hidden="true" />} onClick={() => setSharing(true)}>
        Share link
      </Button>
      <ShareDialog creationId={String(creation.id)} open={sharing} onClose={() => setSharing(false)} />
      <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" icon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => setConfirmDelete(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this creation?"
        confirmLabel="Delete creation"
        busy={busy}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void call(base, 'DELETE', { removed: true })}
      >
        It is removed from your dashboard{creation.publish ? ' and from the community gallery' : ''}, and its file is deleted. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
