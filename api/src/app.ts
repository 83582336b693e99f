/**
 * createApp() builds the Express app from its dependencies without listening, so tests start the
 * real server on port 0 with a real database.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { toNodeHandler } from 'better-auth/node';
import type { EngineInfo, ToolName } from '@craftwell/contracts/jobs';
import type { JobProducer } from '@craftwell/queue/types';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { createFilesRouter } from '@craftwell/storage/http';
import { parseObjectConfig, removesAnyName } from '@craftwell/core/config/object';
import type { AppConfig } from '@craftwell/core/config/env';
import { CLIENT_IP_HEADER, PEER_IP_HEADER, type BetterAuthInstance } from './auth/local.js';
import { authFieldLimits } from './auth/auth-field-limits.js';
import type { AuthProvider } from './auth/types.js';
import type { Db } from '@craftwell/core/db/pool';
import type { Logger } from '@craftwell/core/logger';
import { errorHandler, notFoundApi, sendError } from './middleware/error-handler.js';
import { createRateLimits, passwordRequired } from './middleware/rate-limits.js';
import { requestId } from './middleware/request-id.js';
import { hostAllowList } from './middleware/host-allow-list.js';
import { requestSizeCap } from './middleware/request-size.js';
import { accessLog } from './middleware/access-log.js';
import { keepIp } from './middleware/keep-ip.js';
import { sameSiteOnly } from './middleware/same-site-only.js';
import { requireAuth } from './middleware/require-auth.js';
import { aiRoutes } from './modules/ai/routes.js';
import { creationRoutes } from './modules/creations/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import type { EngineInstaller } from './modules/admin/engine-installer.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { openApiRoutes } from './modules/openapi/routes.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { httpMetrics } from './middleware/http-metrics.js';
import type { Metrics } from '@craftwell/core/metrics';
import { withAccountGuard } from './auth/account-guard.js';
import { ownedObjectRemover } from './auth/owned-objects.js';
import { oneCredential } from './auth/one-credential.js';
import { adminSetupCode } from './auth/setup-code.js';
import { isPublishedObject } from '@craftwell/core/repositories/stored-objects';
import type { QueueInspector } from '@craftwell/queue/inspect';
import { createPasswordCheck } from './auth/password-check.js';
import { createAiService } from './modules/ai/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createBatchService } from './modules/batches/service.js';
import { sourceImageReader } from './modules/creations/source-image.js';
import { batchRoutes } from './modules/batches/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { profilePictureGuard } from './modules/users/profile-picture-guard.js';
import { userRoutes } from './modules/users/routes.js';
import { shareLinkRoutes } from './modules/share-links/routes.js';
import { sharePageRoutes } from './modules/share-links/page.js';
import type { ListCache } from './modules/users/list-cache.js';
import { REPO_ROOT } from '@craftwell/core/runtime-paths';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  log: Logger;
  storage: ObjectStorage;
  producer: JobProducer;
  authProvider: AuthProvider;
  /** Local mode: better-auth's handler is mounted at /api/auth. */
  betterAuth?: BetterAuthInstance;
  /** Clerk mode: verifies the session token before our routes run. */
  clerkMiddleware?: RequestHandler;
  engines: Record<ToolName, EngineInfo | null>;
  imageGeneration: () => { configured: boolean; message?: string };
  /** Prometheus metrics, when METRICS_TOKEN is set. */
  metrics?: Metrics;
  /** The queue's counts and failures for the admin page. */
  queueInspector?: QueueInspector;
  /** Mounted at /admin/queues behind an administrator check. */
  adminQueuesRouter?: express.RequestHandler;
  webDistDir?: string;
  /** Copies of list replies, dropped on every change (server.ts feeds it Postgres' notices). */
  lists?: ListCache;
  /** Rate-limit counters shared by every replica (BullMQ mode); in-process counters without it. */
  rateLimitRedis?: Redis | null;
  /** Free bytes where objects are stored (local disk); /readyz reports storage low below STORAGE_MIN_FREE_MB. */
  storageFreeBytes?: () => Promise<number | null>;
  /** Postgres outages met by requests are logged there, once per outage (core/db/outage.ts). */
  databaseState?: { noteError(error: unknown): boolean };
  /** The admin page's Engines panel (optional engines: install, progress, remove). */
  engineInstaller: EngineInstaller;
}

/** Sign-in and profile bodies are a few short fields. */
const AUTH_BODY_LIMIT = '16kb';
const APP_VERSION: string = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;

const CLERK_ORIGINS = ['https://*.clerk.accounts.dev', 'https://*.clerk.com', 'https://clerk.com'];

/**
 * TRUST_PROXY as Express wants it: true/false, a hop count ("1" behind one proxy such as the
 * compose nginx), or addresses/presets ("loopback, uniquelocal"). A number given as a string
 * would otherwise be read as an address and match nothing.
 */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value.trim()) ? Number(value) : value;
}

export function createApp(deps: AppDeps) {
  const { config, db, log } = deps;
  // Disabled accounts are refused on every route that authenticates.
  const authProvider = withAccountGuard(deps.authProvider, db);
  /** After a change to an account: its cached sessions and access answers go, on every replica. */
  const forgetUser = (userId: string) => authProvider.forgetUser?.(userId) ?? Promise.resolve();
  const deleteClaimed = ownedObjectRemover(deps.storage, log);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
  // Before any route: only the names this server is known by, and no body over the largest cap.
  app.use(hostAllowList(config.PUBLIC_URL, config.ALLOWED_HOSTS), requestSizeCap);

  const clerk = config.authMode === 'clerk' ? CLERK_ORIGINS : [];
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...clerk],
          styleSrc: ["'self'", "'unsafe-inline'", ...clerk],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", ...clerk],
          frameSrc: ["'self'", ...clerk],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  keepIp(app);
  app.use(requestId);
  if (deps.metrics) app.use(httpMetrics(deps.metrics));
  // Routers with a route or two are entered only for their own paths, not by every request.
  app.get('/metrics', metricsRoutes(deps.metrics, config.METRICS_TOKEN));
  app.use(accessLog(log, { quiet: ['/healthz'] }));

  app.get(['/healthz', '/readyz'], healthRoutes({
    db, queue: deps.producer, storage: deps.storage, log,
    storageFreeBytes: deps.storageFreeBytes, storageMinFreeBytes: config.STORAGE_MIN_FREE_MB * 1024 * 1024,
  }));
  app.use('/files', createFilesRouter(deps.storage, { isPublic: (key) => isPublishedObject(db, key) }));

  const limits = createRateLimits(config, deps.rateLimitRedis ?? null, {
    log,
    // Asked only for a call over the anonymous limit: the credential requireAuth would resolve.
    resolveUser: async (req, res) => {
      if (deps.clerkMiddleware) await new Promise<void>((resolve, reject) => deps.clerkMiddleware!(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
      let user;
      try {
        user = authProvider.cached?.(req) ?? (await authProvider.authenticate(req));
      } catch {
        return false;
      }
      if (user) req.user = user;
      return Boolean(user);
    },
  });
  app.use('/api', limits.anonymousPerIp, limits.perUserOnceKnown, limits.failedTokenPerIp);

  // Sign-in routes get their own small body limit, ahead of the 100 kB parser of the other routes.
  if (deps.betterAuth) {
    const handler = toNodeHandler(deps.betterAuth);
    // Parsed here, within a limit; better-auth reads req.body when the stream is already consumed.
    app.use('/api/auth', oneCredential, express.json({ limit: AUTH_BODY_LIMIT }), express.urlencoded({ extended: false, limit: AUTH_BODY_LIMIT }), authFieldLimits);
    app.post('/api/auth/sign-in/email', passwordRequired, limits.signInPerAccount);
    app.post('/api/auth/update-user', profilePictureGuard({ db, storage: deps.storage, authProvider: deps.authProvider }));
    app.all('/api/auth/{*splat}', (req, res) => {
      req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      req.headers[PEER_IP_HEADER] = req.socket.remoteAddress ?? 'unknown';
      // Browsers always send Origin on POST, so better-auth's origin check stops cross-site forms.
      // A request with neither Origin nor cookies (curl, scripts) cannot ride on a session: treat
      // it as same-origin instead of refusing it.
      if (!req.headers.origin && !req.headers.cookie) req.headers.origin = `${req.protocol}://${req.get('host')}`;
      return handler(req, res);
    });
  }
  else app.all('/api/auth/{*splat}', (_req, res) => sendError(res, 'not_found', 'Sign-in is handled by Clerk on this server.'));

  app.use('/api', express.json({ limit: '100kb' }));
  app.post('/api/newsletter', limits.newsletterPerIp);
  app.use('/api', siteRoutes({
    db,
    quotas: config.quotas,
    premiumPrice: config.PREMIUM_PRICE_USD,
    auth: { mode: config.authMode, clerkPublishableKey: config.CLERK_PUBLISHABLE_KEY },
    engines: deps.engines,
    imageGeneration: deps.imageGeneration,
  }));

  app.use('/api', openApiRoutes({ version: APP_VERSION, serverUrl: config.PUBLIC_URL }));

  const api = express.Router();
  if (deps.clerkMiddleware) api.use(deps.clerkMiddleware);
  api.use(requireAuth(authProvider));
  api.use(limits.perUser);
  const service = createAiService({
    db, storage: deps.storage, producer: deps.producer, quotas: config.quotas,
    useLimits: { lightUsesPerUse: config.QUOTA_LIGHT_USES_PER_USE, concurrentJobs: config.MAX_CONCURRENT_JOBS_PER_USER },
    jobWaitTimeoutMs: config.JOB_WAIT_TIMEOUT_MS, log,
  });
  const objectConfig = parseObjectConfig(config.rawEnv);
  // Working on an earlier result again: only the user's own image creations, read from storage.
  const sourceImage = sourceImageReader(db, deps.storage);
  api.use('/ai', limits.aiPerUser, aiRoutes({
    service, imageGeneration: deps.imageGeneration, testJobs: config.ENABLE_TEST_JOBS,
    objectRemoverTakesAnyName: removesAnyName(objectConfig),
    sourceImage,
  }));
  api.use('/jobs', limits.jobPolling, jobRoutes(deps.producer, db));
  const batches = createBatchService({
    db, storage: deps.storage, producer: deps.producer, ai: service, quotas: config.quotas,
    useLimits: { lightUsesPerUse: config.QUOTA_LIGHT_USES_PER_USE, concurrentJobs: config.MAX_CONCURRENT_JOBS_PER_USER },
  });
  api.use('/batches', limits.aiPerUser, batchRoutes({ batches, objectRemoverTakesAnyName: removesAnyName(objectConfig) }));
  api.use(userRoutes({
    db, storage: deps.storage, deleteClaimed, quotas: config.quotas, authMode: config.authMode,
    forgetUser, lists: deps.lists,
  }));
  const listChanged = (userId: string) => deps.lists?.changed(userId);
  api.use('/images', limits.aiPerUser, imageRoutes({ db, storage: deps.storage, sourceImage, listChanged }));
  api.use(creationRoutes({ db, storage: deps.storage, deleteClaimed, log, listChanged }));
  api.use(shareLinkRoutes({ db, publicUrl: config.PUBLIC_URL }));
  api.use('/api-keys', apiKeyRoutes({ db }));
  // Clerk: the first administrator claims the role with the setup code (local: at sign-up).
  const adminSetup = config.authMode === 'clerk' ? adminSetupCode(config.CLERK_SECRET_KEY!) : null;
  api.use('/admin', adminRoutes({ db, queueInspector: deps.queueInspector, forgetUser, listChanged, adminSetupCode: adminSetup, engines: deps.engineInstaller }));
  api.use(accountRoutes({ db, storage: deps.storage, deleteClaimed, log, checkPassword: deps.betterAuth ? createPasswordCheck(deps.betterAuth) : null, forgetUser }));
  app.use('/api', api);
  app.use('/api', notFoundApi);
  // Public share pages: before the web app's fallback, which would answer them with index.html.
  app.use('/s', sharePageRoutes({ db, storage: deps.storage, publicUrl: config.PUBLIC_URL }));

  if (deps.adminQueuesRouter) {
    const adminOnly: RequestHandler = async (req, res, next) => {
      try {
        const user = await authProvider.authenticate(req, { allowCookie: true });
        if (!user) return sendError(res, 'unauthorized', 'Please sign in as an administrator.');
        if (!user.isAdmin) return sendError(res, 'forbidden', 'Only administrators can see the queues.');
        next();
      } catch (err) {
        next(err);
      }
    };
    app.use('/admin/queues', sameSiteOnly(config.PUBLIC_URL), ...(deps.clerkMiddleware ? [deps.clerkMiddleware] : []), adminOnly, deps.adminQueuesRouter);
  }

  if (deps.webDistDir && fs.existsSync(path.join(deps.webDistDir, 'index.html'))) {
    const indexHtml = path.join(deps.webDistDir, 'index.html');
    app.use('/assets', express.static(path.join(deps.webDistDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(deps.webDistDir, { index: false, maxAge: '1h' }));
    // Client-side routes (and unknown ones, which the router answers with its error screen).
    app.get('/{*splat}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  }

  app.use(errorHandler(log, deps.databaseState));
  return app;
}
