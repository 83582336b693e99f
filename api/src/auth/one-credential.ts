/**
 * One credential per request. A request that carries an Authorization header is judged by that
 * header alone: its cookies are dropped before anything reads them, so a bearer token that does
 * not resolve is a 401 and never falls through to a session cookie sent along with it (the auth
 * library would otherwise serve it from the cookie while our guards saw nobody). A request with
 * no Authorization header is judged by its session cookie, as browsers' sign-in calls are.
 * Mounted in front of /api/auth; the data routes read the bearer header only (AuthProvider).
 */
import type { RequestHandler } from 'express';

export const oneCredential: RequestHandler = (req, _res, next) => {
  if (req.headers.authorization !== undefined) delete req.headers.cookie;
  next();
};
