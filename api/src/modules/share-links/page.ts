/**
 * The public side of share links: GET /s/:token renders the creation read-only as a small
 * server-made page (every user string escaped, no scripts), GET /s/:token/file streams its image
 * or text from storage (the object itself stays private), POST /s/:token checks a password.
 * Unknown tokens answer 404; revoked and expired links 410. Nothing here is cached or indexed.
 */
import { pipeline } from 'node:stream/promises';
import express, { Router, type Request, type Response } from 'express';
import type { Db } from '@craftwell/core/db/pool';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { ObjectNotFoundError } from '@craftwell/storage/errors';
import * as store from '@craftwell/core/repositories/share-links';
import { ACCESS_COOKIE, ACCESS_SECONDS, TOKEN_PATTERN, accessCookieValid, accessCookieValue, readCookie, tokenDigest, verifyPassword } from './tokens.js';

export interface SharePageDeps {
  db: Db;
  storage: ObjectStorage;
  publicUrl?: string;
}

const PAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const TYPE_TITLES: Record<string, string> = { image: 'Image', article: 'Article', 'blog-title': 'Blog titles', 'resume-review': 'Resume review' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

function page(res: Response, status: number, title: string, body: string, head = ''): void {
  noStore(res);
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  res.status(status).type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>${head}
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.6}
img{max-width:100%;height:auto;border-radius:8px}.text{white-space:pre-wrap;word-wrap:break-word;background:#f9fafb;padding:1rem;border-radius:8px}
a.button,button{display:inline-block;background:#4f46e5;color:#fff;padding:.5rem 1rem;border-radius:6px;text-decoration:none;border:0;font:inherit;cursor:pointer}
input{font:inherit;padding:.4rem;border:1px solid #d1d5db;border-radius:6px}.muted{color:#6b7280;font-size:.9rem}</style>
</head><body>${body}</body></html>`);
}

function plain(res: Response, status: number, message: string): void {
  page(res, status, message, `<h1>${escapeHtml(message)}</h1><p class="muted">Shared with Craftwell.</p>`);
}

/** Derives a title for the preview: an article's first heading, else the tool's name. */
function titleOf(type: string, content: string): string {
  const heading = type === 'article' ? /^#\s+(.+)$/m.exec(content)?.[1]?.trim() : undefined;
  return heading || TYPE_TITLES[type] || 'Shared creation';
}

function summaryOf(content: string): string {
  const text = content.replace(/[#*_`>[\]()-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}

type Found = store.SharedCreation;

/** The live link of a token, or the reply already sent (404 unknown, 410 revoked or expired). */
async function liveLink(db: Db, req: Request, res: Response): Promise<Found | null> {
  const token = String(req.params.token ?? '');
  const found = TOKEN_PATTERN.test(token) ? await store.findByToken(db, tokenDigest(token)) : null;
  if (!found) {
    plain(res, 404, 'This share link does not exist.');
    return null;
  }
  if (found.link.revoked_at) {
    plain(res, 410, 'This share link has been revoked.');
    return null;
  }
  if (found.link.expires_at && found.link.expires_at.getTime() <= Date.now()) {
    plain(res, 410, 'This share link has expired.');
    return null;
  }
  return found;
}

function unlocked(req: Request, found: Found): boolean {
  const hash = found.link.password_hash;
  return hash === null || accessCookieValid(readCookie(req.headers.cookie, ACCESS_COOKIE), found.link.id, hash);
}

function passwordForm(res: Response, status: number, token: string, message?: string): void {
  page(res, status, 'Password required', `<h1>This shared creation is protected</h1>
<form method="post" action="/s/${token}"><p><label>Password <input type="password" name="password" autocomplete="current-password" required autofocus></label>
<button type="submit">Open</button></p>${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}</form>`);
}

function objectKeyOf(storage: ObjectStorage, found: Found): string | null {
  return found.creation.object_key ?? storage.keyFromUrl(found.creation.content);
}

/** A browser's form post from another site is refused (Origin or Sec-Fetch-Site say so). */
function crossSite(req: Request, publicUrl?: string): boolean {
  const fetchSite = req.get('sec-fetch-site');
  const origin = req.get('origin');
  const own = [`${req.protocol}://${req.get('host')}`, publicUrl ? new URL(publicUrl).origin : null];
  return (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none')
    || (origin !== undefined && !own.includes(origin));
}

export function sharePageRoutes(deps: SharePageDeps): Router {
  const { db, storage } = deps;
  const router = Router();

  router.get('/:token', async (req, res) => {
    const found = await liveLink(db, req, res);
    if (!found) return;
    const token = req.params.token;
    if (!unlocked(req, found)) return passwordForm(res, 200, token);
    const { creation } = found;
    const base = deps.publicUrl ? deps.publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.get('host')}`;
    const title = titleOf(creation.type, creation.content);
    const isImage = creation.type === 'image';
    const description = isImage ? creation.prompt : summaryOf(creation.content);
    // Preview tags only for links without a password: a chat app's preview must not open a locked link.
    const og = found.link.password_hash ? '' : [
      `<meta property="og:type" content="article">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${escapeHtml(`${base}/s/${token}`)}">`,
      isImage ? `<meta property="og:image" content="${escapeHtml(`${base}/s/${token}/file`)}">` : '',
      `<meta name="twitter:card" content="${isImage ? 'summary_large_image' : 'summary'}">`,
    ].join('\n');
    const body = isImage
      ? `<h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(creation.prompt)}</p>
<p><img src="/s/${token}/file" alt="${escapeHtml(creation.prompt)}"></p><p><a class="button" href="/s/${token}/file?download=1">Download</a></p>`
      : `<h1>${escapeHtml(title)}</h1><div class="text">${escapeHtml(creation.content)}</div>
<p><a class="button" href="/s/${token}/file?download=1">Download (Markdown)</a></p>`;
    page(res, 200, title, `${body}<p class="muted">Shared with Craftwell.</p>`, og);
  });

  router.post('/:token', express.urlencoded({ extended: false, limit: '2kb' }), async (req, res) => {
    if (crossSite(req, deps.publicUrl)) return plain(res, 403, 'This form only accepts requests from this site.');
    const found = await liveLink(db, req, res);
    if (!found) return;
    const token = req.params.token;
    const hash = found.link.password_hash;
    if (hash === null) return void res.redirect(303, `/s/${token}`);
    // Counted before the check, so parallel guesses cannot slip past the limit.
    if ((await store.countAttempt(db, found.link.id)) > store.ATTEMPT_LIMIT) {
      res.setHeader('Retry-After', String(store.ATTEMPT_WINDOW_MINUTES * 60));
      return plain(res, 429, 'Too many password attempts for this link. Please try again in 15 minutes.');
    }
    const password = typeof req.body?.password === 'string' ? req.body.password.slice(0, 200) : '';
    if (!(await verifyPassword(password, hash))) return passwordForm(res, 401, token, 'That password is not right.');
    res.cookie(ACCESS_COOKIE, accessCookieValue(found.link.id, hash), {
      path: `/s/${token}`, httpOnly: true, sameSite: 'strict', secure: req.secure, maxAge: ACCESS_SECONDS * 1000,
    });
    res.redirect(303, `/s/${token}`);
  });

  router.get('/:token/file', async (req, res, next) => {
    const found = await liveLink(db, req, res);
    if (!found) return;
    if (!unlocked(req, found)) return plain(res, 401, 'This shared creation needs its password.');
    const download = req.query.download !== undefined;
    noStore(res);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (found.creation.type !== 'image') {
      res.type('text/markdown; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${found.creation.type.replace(/[^a-z-]/g, '') || 'creation'}.md"`);
      return void res.send(found.creation.content);
    }
    const key = objectKeyOf(storage, found);
    if (!key) return plain(res, 404, 'The image of this creation is no longer stored.');
    try {
      const { stream, info } = await storage.getStream(key);
      const ext = info.contentType.split('/')[1]?.split(';')[0]?.replace(/[^a-z0-9]/gi, '') || 'png';
      res.setHeader('Content-Type', info.contentType);
      res.setHeader('Content-Length', String(info.size));
      res.setHeader('Content-Disposition', download ? `attachment; filename="shared-image.${ext}"` : 'inline');
      await pipeline(stream, res);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) return plain(res, 404, 'The image of this creation is no longer stored.');
      if (res.headersSent) return void res.destroy(err as Error);
      next(err);
    }
  });

  return router;
}
