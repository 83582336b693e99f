/**
 * Headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) with a network guard:
 * every request that is not to the app's own origin is aborted and recorded, so a test can
 * assert that the app called nothing else. Screenshots go to tests/artifacts/screenshots/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './app-process.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(ROOT, 'tests/artifacts/screenshots');

const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** The browser binary, or null (with a notice) when it is missing on a laptop; CI must have it. */
export function chromiumAvailable(): boolean {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  const why = `Chromium is not installed at ${CHROMIUM_PATH}`;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`${why}. CI must install Debian's "chromium" package (.ci/run does).`);
  }
  console.warn(`[craftwell e2e] skipping: ${why}. Install it with: apt-get install chromium`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface GuardedContext {
  context: BrowserContext;
  /** Requests to anything but the app's origin, in the order they were attempted (all aborted). */
  blocked: string[];
  /** Uncaught exceptions in any page of the context. */
  pageErrors: string[];
}

/** A fresh context (own storage) that may only talk to `baseUrl`, with clipboard access granted. */
export async function newGuardedContext(browser: Browser, baseUrl: string, viewport = DESKTOP): Promise<GuardedContext> {
  const origin = new URL(baseUrl).origin;
  const context = await browser.newContext({ baseURL: baseUrl, viewport, acceptDownloads: true });
  // Fail fast: a missing element should not cost 30 s of a 4-minute budget.
  context.setDefaultTimeout(15_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const blocked: string[] = [];
  const pageErrors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`)));
  return { context, blocked, pageErrors };
}

let announced = false;

/**
 * Saves a full-page screenshot of the current screen at 1280 px and at 390 px wide, then
 * returns to the viewport the page had. Names: <name>-1280.png and <name>-390.png. Dialogs are
 * fixed to the viewport, so for them pass fullPage: false.
 */
export async function screenshotBothWidths(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (!announced) {
    console.log(`[craftwell e2e] screenshots: ${SCREENSHOT_DIR}`);
    announced = true;
  }
  const original = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // Let layout, lazy images and transitions settle at the new width.
    await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => undefined);
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}.png`), fullPage: options.fullPage ?? true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
}
