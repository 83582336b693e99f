/**
 * For pages that authenticate by the session cookie (the queue dashboard): a browser attaches
 * the cookie to requests other sites make, so those are refused. Browsers say where a request
 * comes from in Sec-Fetch-Site and, on anything but plain GETs, in Origin; a request with neither
 * (a script, curl) cannot carry a victim's cookie and passes.
 */
import type { RequestHandler } from 'express';
import { sendError } from './error-handler.js';

const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export function sameSiteOnly(publicUrl?: string): RequestHandler {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  return (req, res, next) => {
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const crossSite = (fetchSite !== undefined && !ALLOWED_FETCH_SITES.has(fetchSite))
      || (origin !== undefined && origin !== ownOrigin && origin !== publicOrigin);
    if (crossSite) return sendError(res, 'forbidden', 'The queue dashboard only accepts requests from this site.');
    next();
  };
}
