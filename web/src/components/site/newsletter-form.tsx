import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { apiRequest } from '../../lib/api-client.js';
import { Button } from '../button.js';
import { inputClasses } from '../field.js';
import { cn } from '../../lib/cn.js';

/** Newsletter sign-up: one e-mail field, browser-level format check, server reply as a toast. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await apiRequest('/api/newsletter', { method: 'POST', json: { email: email.trim() } });
      if (reply.success) {
        toast.success(reply.message || 'Thanks for subscribing!');
        setEmail('');
      } else {
        toast.error(reply.message || 'Something went wrong');
      }
    } catch (thrown) {
      toast.error(thrown instanceof Error ? thrown.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="Enter your email address"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className={cn(inputClasses, 'h-11 flex-1 rounded-xl')}
      />
      <Button type="submit" loading={busy} className="h-11">
        Subscribe
      </Button>
    </form>
  );
}
