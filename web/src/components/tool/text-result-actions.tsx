import { Copy, Download, Share2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../button.js';
import { copyText, downloadText } from './file-actions.js';

/**
 * Copy (or Share) puts the markdown on the clipboard; Download saves it as a .md file. The
 * toasts are each tool's own texts (each screen passes them in).
 */
export function TextResultActions(props: {
  text: string;
  fileName: () => string;
  copyLabel: 'Copy' | 'Share';
  messages: { copied: string; copyFailed: string; downloaded: string };
}) {
  async function copy() {
    if (await copyText(props.text)) toast.success(props.messages.copied);
    else toast.error(props.messages.copyFailed);
  }
  function download() {
    downloadText(props.text, props.fileName());
    toast.success(props.messages.downloaded);
  }
  const CopyIcon = props.copyLabel === 'Share' ? Share2 : Copy;
  return (
    <>
      <Button variant="secondary" size="sm" icon={<CopyIcon className="size-4" aria-hidden="true" />} onClick={() => void copy()}>
        {props.copyLabel}
      </Button>
      <Button variant="secondary" size="sm" icon={<Download className="size-4" aria-hidden="true" />} onClick={download}>
        Download
      </Button>
    </>
  );
}
