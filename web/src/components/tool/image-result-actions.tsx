import { Download, Share2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../button.js';
import { absoluteUrl, copyText, downloadFromUrl } from './file-actions.js';

/** Share copies the result's address; Download fetches the image and saves it. */
export function ImageResultActions({ url, fileName }: { url: string; fileName: () => string }) {
  async function share() {
    if (await copyText(absoluteUrl(url))) toast.success('Image URL copied to clipboard!');
    else toast.error('Failed to copy image URL');
  }
  async function download() {
    if (await downloadFromUrl(url, fileName())) toast.success('Image downloaded successfully!');
    else toast.error('Failed to download image');
  }
  return (
    <>
      <Button variant="secondary" size="sm" icon={<Share2 className="size-4" aria-hidden="true" />} onClick={() => void share()}>
        Share
      </Button>
      <Button variant="secondary" size="sm" icon={<Download className="size-4" aria-hidden="true" />} onClick={() => void download()}>
        Download
      </Button>
    </>
  );
}
