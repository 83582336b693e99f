import express, { type RequestHandler } from 'express';

/**
 * Express works req.ip out again (proxy-addr over X-Forwarded-For) on every read, and the rate
 * limiters read it several times per call: the first answer is kept for the request.
 */
const expressIp = Object.getOwnPropertyDescriptor(express.request, 'ip');
export const keepIp: RequestHandler = (req, _res, next) => {
  const get = expressIp?.get;
  if (!get) return next();
  let ip: string | undefined;
  let known = false;
  Object.defineProperty(req, 'ip', {
    configurable: true,
    enumerable: true,
    get() {
      if (!known) { ip = get.call(req); known = true; }
      return ip;
    },
  });
  next();
};
