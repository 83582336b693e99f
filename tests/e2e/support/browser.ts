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

/** How long a page may go without drawing a frame after a resize before it is nudged, then failed. */
const FRAME_WAIT_MS = { first: 5_000, afterNudge: 10_000 };

/**
 * Sets the viewport and waits until the page draws frames at the new size. Every browser test
 * changes the viewport through here. Playwright calls an element stable only after two animation
 * frames, so a page that has stopped drawing fails its next click 15 s later with no reason given;
 * headless Chromium has been seen to stop after a resize and full-page capture on a busy machine.
 * If no frame comes, the page is brought to the front and resized by a pixel and back, which makes
 * the compositor draw again; if it still draws nothing, the error says so instead of a later click
 * timing out.
 */
export async function setViewport(page: Page, size: { width: number; height: number }, wait = FRAME_WAIT_MS): Promise<void> {
  await page.setViewportSize(size);
  if (await framesDrawn(page, wait.first)) return;
  console.warn(`[craftwell e2e] no frame drawn ${wait.first} ms after resizing to ${size.width}x${size.height}; nudging the page`);
  await page.bringToFront();
  await page.setViewportSize({ width: size.width + 1, height: size.height });
  await page.setViewportSize(size);
  if (await framesDrawn(page, wait.afterNudge)) return;
  throw new Error(`Chromium drew no frame in ${wait.first + wait.afterNudge} ms after resizing to ${size.width}x${size.height}, even after a nudge`);
}

/** True once the page has run two animation frames, false if it has not within `timeoutMs`. */
async function framesDrawn(page: Page, timeoutMs: number): Promise<boolean> {
  const twoFrames = page.evaluate(() => new Promise<true>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
  try {
    return await Promise.race([twoFrames, late]);
  } finally {
    clearTimeout(timer);
    twoFrames.catch(() => undefined); // a navigation may drop the pending evaluation
  }
}

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
    await setViewport(page, size);
    // Let layout, lazy images and transitions settle at the new width.
    await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => undefined);
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}.png`), fullPage: options.fullPage ?? true, animations: 'disabled' });
  }
  await setViewport(page, original);
}
