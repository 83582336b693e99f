import toast from 'react-hot-toast';
import { apiRequest } from '../../lib/api-client.js';

/** Runs one administrator action, toasts its outcome and reports whether it worked. */
export async function runAdminAction(path: string, json: unknown = {}): Promise<boolean> {
  try {
    const reply = await apiRequest(path, { method: 'POST', json });
    if (!reply.success) {
      toast.error(reply.message || 'Something went wrong');
      return false;
    }
    toast.success(reply.message || 'Done');
    return true;
  } catch (thrown) {
    toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
    return false;
  }
}

export const TOOL_LABELS: Record<string, string> = {
  article: 'Articles',
  'blog-title': 'Titles',
  'generate-image': 'Images',
  'remove-background': 'Backgrounds',
  'remove-object': 'Objects',
  'resume-review': 'Resumes',
};
