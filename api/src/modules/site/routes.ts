/** Public, token-free routes: served config for the web, newsletter sign-up. */
import { Router } from 'express';
import { z } from 'zod';
import type { EngineInfo, ToolName } from '@craftwell/contracts/jobs';
import type { Db } from '@craftwell/core/db/pool';
import type { Quotas } from '@craftwell/core/repositories/quota';
import { subscribeToNewsletter } from '@craftwell/core/repositories/site';

export interface SiteDeps {
  db: Db;
  quotas: Quotas;
  premiumPrice: number;
  auth: { mode: 'local' | 'clerk'; clerkPublishableKey?: string };
  engines: Record<ToolName, EngineInfo | null>;
  imageGeneration: () => { configured: boolean; message?: string };
}

export const newsletterSchema = z.object({
  email: z.string({ message: 'Enter your e-mail address.' }).trim().toLowerCase().max(254, 'That e-mail address is too long.').email('Enter a valid e-mail address.'),
});

function limitText(n: number | null, what: string) {
  return n === null ? `Unlimited ${what}` : `${n} ${what} per month`;
}

export function siteRoutes(deps: SiteDeps): Router {
  const router = Router();
  const plans = (['free', 'premium'] as const).map((id) => {
    const q = deps.quotas[id];
    return {
      id,
      name: id === 'free' ? 'Free' : 'Premium',
      price: id === 'free' ? 0 : deps.premiumPrice,
      interval: 'month',
      popular: id === 'premium',
      limits: q,
      features: [
        limitText(q.article, 'articles'),
        limitText(q['blog-title'], 'blog title sets'),
        limitText(q['generate-image'], 'image generations'),
        limitText(q['remove-background'], 'background removals'),
        limitText(q['remove-object'], 'object removals'),
        limitText(q['resume-review'], 'resume reviews'),
        'Community gallery',
        ...(id === 'premium' ? ['Priority in the queue when you self-host for a team'] : []),
      ],
    };
  });

  router.get('/config', (_req, res) => {
    res.json({ success: true, auth: deps.auth, plans, engines: deps.engines, imageGeneration: deps.imageGeneration() });
  });

  router.post('/newsletter', async (req, res) => {
    const { email } = newsletterSchema.parse(req.body ?? {});
    await subscribeToNewsletter(deps.db, email);
    res.json({ success: true, message: 'Thanks for subscribing!' });
  });

  return router;
}
