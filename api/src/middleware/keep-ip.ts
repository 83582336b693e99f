import express, { type Express, type Request } from 'express';

const KEPT_IP = Symbol('kept ip');
type WithKeptIp = Request & { [KEPT_IP]?: string };

/**
 * Express works req.ip out again (proxy-addr over X-Forwarded-For) on every read, and the rate
 * limiters read it several times per call: the first answer is kept on the request. Defined once
 * on the app's request prototype, so a request costs nothing until req.ip is read (a getter
 * defined on each request, as before, cost a middleware layer and made every request object
 * take its own shape).
 */
export function keepIp(app: Express): void {
  const get = Object.getOwnPropertyDescriptor(express.request, 'ip')?.get;
  if (!get) return;
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: WithKeptIp) {
      if (!(KEPT_IP in this)) this[KEPT_IP] = get.call(this) as string;
      return this[KEPT_IP];
    },
  });
}
