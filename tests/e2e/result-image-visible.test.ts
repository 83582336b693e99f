/**
 * Share and Download stand for a result the person can see: in headless Chromium, Background
 * Removal and Object Removal run three times each on small real photos, and at the moment the
 * Download button appears (seen from inside the page, not at the test's next look) the result
 * image has loaded, has a size, and is fully opaque: its fade has ended.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { ROOT, startE2eApp, type E2eApp } from './support/app-process.js';
import { SCREENSHOT_DIR, chromiumAvailable, launchChromium, newGuardedContext, type GuardedContext } from './support/browser.js';
import { newPerson, nextJobOutcome, signUpThroughDialog, visible } from './support/ui.js';

const postgresUrl = serviceUrl('postgres');
const ready = Boolean(postgresUrl) && chromiumAvailable();
const RUNS = 3;
const MODEL_TIMEOUT_MS = 180_000;

interface SeenAtDownload {
  width: number;
  height: number;
  opacity: string;
  loaded: boolean;
  /** Opacity animations still running on the image. */
  running: number;
}

/**
 * Watches the page for the Download button to appear and records the result image (`alt`) as it
 * is in that same moment. Resolves with what was seen.
 */
function watchDownloadAppearing(page: Page, alt: string): Promise<SeenAtDownload> {
  return page.evaluate((resultAlt) => new Promise<SeenAtDownload>((resolve) => {
    const look = () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Download');
      if (!button) return false;
      const img = document.querySelector<HTMLImageElement>(`img[alt="${resultAlt}"]`);
      const rect = img?.getBoundingClientRect();
      resolve({
        width: rect?.width ?? 0,
        height: rect?.height ?? 0,
        opacity: img ? getComputedStyle(img).opacity : 'no image',
        loaded: Boolean(img?.complete && img.naturalWidth > 0),
        running: img ? img.getAnimations().filter((a) => a.playState === 'running').length : 0,
      });
      return true;
    };
    if (look()) return;
    const observer = new MutationObserver(() => { if (look()) observer.disconnect(); });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }), alt);
}

describe.skipIf(!ready)('result images are visible when their Download appears (browser)', () => {
  let app: E2eApp;
  let browser: Browser;
  let guarded: GuardedContext;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'result-visible', postgresUrl: postgresUrl!, redisUrl: inject('redisUrl') }), launchChromium()]);
    guarded = await newGuardedContext(browser, app.baseUrl);
    page = await guarded.context.newPage();
    await signUpThroughDialog(page, newPerson('Vera Visible'));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function runAndLook(run: number, options: { path: string; aiPath: string; photo: string; submit: string; alt: string; fill?: () => Promise<void> }) {
    await page.goto(options.path);
    await page.locator('input[type="file"]').setInputFiles(options.photo);
    await visible(page.getByText('File Selected'));
    await options.fill?.();
    const outcome = nextJobOutcome(page, options.aiPath, MODEL_TIMEOUT_MS);
    const seen = watchDownloadAppearing(page, options.alt);
    await page.getByRole('button', { name: options.submit }).click();
    const { state, trail } = await outcome;
    expect(state, `run ${run}: job statuses seen: ${trail}`).toBe('completed');
    const atDownload = await seen;
    if (run === 0 || run === RUNS - 1) {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `result-visible-${options.aiPath.split('/').pop()}-${run}.png`) });
    }
    expect(atDownload, `run ${run}`).toMatchObject({ loaded: true, opacity: '1', running: 0 });
    expect(atDownload.width, `run ${run}`).toBeGreaterThan(0);
    expect(atDownload.height, `run ${run}`).toBeGreaterThan(0);
  }

  it(`background removal: ${RUNS} runs, each result visible when Download appears`, async () => {
    for (let run = 0; run < RUNS; run++) {
      await runAndLook(run, {
        path: '/ai/remove-background', aiPath: '/api/ai/remove-image-background', submit: 'Remove Background', alt: 'Background Removed',
        photo: path.join(ROOT, 'tests/fixtures/real-photos', run % 2 ? 'iopaint-dog.jpg' : 'rembg-car-1.jpg'),
      });
    }
  }, 20 * MODEL_TIMEOUT_MS);

  it(`object removal: ${RUNS} runs, each result visible when Download appears`, async () => {
    for (let run = 0; run < RUNS; run++) {
      await runAndLook(run, {
        path: '/ai/remove-object', aiPath: '/api/ai/remove-image-object', submit: 'Remove Object', alt: 'Object Removed',
        photo: path.join(ROOT, 'tests/fixtures/real-photos', 'iopaint-dog.jpg'),
        fill: async () => { await page.getByLabel('Object to Remove').fill('dog'); },
      });
    }
  }, 20 * MODEL_TIMEOUT_MS);
});
