import { Dialog } from '../../../components/dialog.js';
import { SignInForm } from './sign-in-form.js';

export function SignInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Welcome to Craftwell" description="Sign in or create a free account to start creating.">
      <SignInForm onDone={onClose} />
    </Dialog>
  );
}
