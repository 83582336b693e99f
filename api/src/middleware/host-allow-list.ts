/**
 * DNS rebinding: a page at evil.example whose name is made to point at 127.0.0.1 talks to this
 * server from the victim's browser as its own origin (Host and Origin both say evil.example, so
 * an origin check passes). Only names this server is known by are served: loopback names, the
 * host of PUBLIC_URL and ALLOWED_HOSTS. An address (IPv4, [IPv6]) is always accepted: a browser
 * sends one only when its page was loaded from that address, which rebinding cannot do.
 * Probes and scrapers (/healthz, /readyz, /metrics) answer whatever name they were asked by (a
 * Kubernetes probe or Prometheus uses the pod's address or service name); they carry no session.
 */
import net from 'node:net';
import type { RequestHandler } from 'express';
import { sendError } from './error-handler.js';

const LOOPBACK_NAMES = ['localhost'];
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The host of a Host header, lower-cased, without its port or IPv6 brackets. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  const colon = value.lastIndexOf(':');
  return (colon >= 0 ? value.slice(0, colon) : value).replace(/\.$/, '');
}

/** The names served: loopback, PUBLIC_URL's host and ALLOWED_HOSTS (comma-separated). */
export function allowedHostNames(publicUrl: string | undefined, allowedHosts: string | undefined): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (publicUrl) names.add(hostName(new URL(publicUrl).host));
  for (const entry of (allowedHosts ?? '').split(',')) {
    if (entry.trim()) names.add(hostName(entry));
  }
  return names;
}

export function hostAllowList(publicUrl: string | undefined, allowedHosts: string | undefined): RequestHandler {
  const names = allowedHostNames(publicUrl, allowedHosts);
  const isAllowed = (name: string) => names.has(name) || net.isIP(name) !== 0 || name.endsWith('.localhost');
  return (req, res, next) => {
    const name = hostName(req.headers.host ?? '');
    if (isAllowed(name) || PROBE_PATHS.has(req.path)) return next();
    res.set('Connection', 'close');
    // 421 Misdirected Request: the name is wrong, not the request.
    sendError(res, 'bad_request', `This server does not answer to the name "${name.slice(0, 100)}". If that is where you reach it, set PUBLIC_URL (or ALLOWED_HOSTS) to include it and restart.`, { status: 421 });
  };
}
