/**
 * The other half of the OpenAPI contract (openapi.test.ts checks that every documented operation
 * is served): every route the app serves under /api is documented in OPERATIONS, or named below
 * as deliberately outside the public contract. Routes are read from the app's own router, so a
 * route added anywhere (a new module, a route added to an existing one) is caught.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { OPERATIONS } from '@craftwell/api/modules/openapi/operations';
import { serviceUrl } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

/** Served under /api but not part of the documented contract, each with its reason. */
const OUTSIDE_THE_CONTRACT: Record<string, string> = {
  'post /api/ai/test-echo': 'the pipeline test job, mounted only with ENABLE_TEST_JOBS',
  'all /api/auth/{*splat}': 'better-auth\'s own routes (sign-up, sign-in, sessions), documented by better-auth',
  'post /api/auth/sign-in/email': 'a guard in front of better-auth\'s route (password required, per-account limit)',
  'post /api/auth/update-user': 'a guard in front of better-auth\'s route (the profile picture must be the user\'s own)',
};

interface RouterLayer {
  rawPath?: string | string[];
  slash?: boolean;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
}

/** "method path" of every route in a router, mounts included (Express 5's router keeps each layer's raw path). */
function routesOf(stack: RouterLayer[], prefix = ''): string[] {
  const found: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
      // app.all() registers every method Node knows.
      const named = layer.route.methods._all || methods.length > 20 ? ['all'] : methods;
      for (const p of paths) for (const m of named) found.push(`${m} ${`${prefix}${p}`.replace(/(.)\/$/, '$1')}`);
    } else if (layer.handle.stack) {
      const mount = layer.slash || layer.rawPath === undefined || Array.isArray(layer.rawPath) ? '' : layer.rawPath;
      found.push(...routesOf(layer.handle.stack, `${prefix}${mount === '/' ? '' : mount}`));
    }
  }
  return found;
}

/** OPERATIONS' /api/x/:id as the router writes it. */
const documented = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));

describe.skipIf(!postgresUrl)('undocumented routes', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Test jobs on: the list of exceptions must name them.
    app = await startTestApp({ postgresUrl: postgresUrl!, env: { ENABLE_TEST_JOBS: 'true' } });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('when the app is built, then every /api route it serves is documented or named as outside the contract, and every exception still exists', () => {
    const express = app.app as unknown as Express & { router: { stack: RouterLayer[] } };
    const served = [...new Set(routesOf(express.router.stack).filter((r) => r.split(' ')[1]!.startsWith('/api/')))];
    expect(served.length).toBeGreaterThan(30);
    const undocumented = served.filter((r) => !documented.has(r) && !(r in OUTSIDE_THE_CONTRACT));
    expect(undocumented).toEqual([]);
    expect(Object.keys(OUTSIDE_THE_CONTRACT).filter((r) => !served.includes(r))).toEqual([]);
  });
});
