/**
 * A batch as a shop owner runs it, in headless Chromium: five real photos through Background
 * Removal with the marketplace preset, followed to the end in one progress view, then Download
 * all saves one zip of five white 2000 px JPEGs. Coming back to the page shows the batch where it
 * stands. Screenshots at desktop and phone width.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { ROOT, startE2eApp, type E2eApp } from './support/app-process.js';
import { chromiumAvailable, launchChromium, newGuardedContext, screenshotBothWidths, type GuardedContext } from './support/browser.js';
import { downloadFrom, newPerson, signUpThroughDialog, visible } from './support/ui.js';

const postgresUrl = serviceUrl('postgres');
const ready = Boolean(postgresUrl) && chromiumAvailable();
const PHOTOS = path.join(ROOT, 'tests/fixtures/real-photos');

describe.skipIf(!ready)('a batch with the marketplace preset (browser)', () => {
  let app: E2eApp;
  let browser: Browser;
  let guarded: GuardedContext;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'batches', postgresUrl: postgresUrl!, redisUrl: inject('redisUrl') }), launchChromium()]);
    guarded = await newGuardedContext(browser, app.baseUrl);
    page = await guarded.context.newPage();
    await signUpThroughDialog(page, newPerson('Bea Batch'));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('when five photos run as a batch with the marketplace preset, then one view follows them to the end and Download all saves five white 2000 px JPEGs', async () => {
    const photos = fs.readdirSync(PHOTOS).filter((f) => f.endsWith('.jpg')).sort().slice(0, 5).map((f) => path.join(PHOTOS, f));
    await page.goto('/ai/remove-background');
    await page.getByLabel(/Marketplace product photo/).check();
    await page.getByRole('button', { name: 'Process many images' }).click();
    await page.getByLabel('Images or a .zip for the batch').setInputFiles(photos);
    await page.getByRole('button', { name: 'Start batch' }).click();
    await visible(page.getByText('Finished: 5 of 5 done'), 300_000);
    await screenshotBothWidths(page, 'batch-finished');

    const { name, body } = await downloadFrom(page, page.getByRole('button', { name: 'Download all' }));
    expect(name).toMatch(/^craftwell-batch-.*\.zip$/);
    const entries = unzipSync(new Uint8Array(body));
    expect(Object.keys(entries)).toHaveLength(5);
    for (const [entry, bytes] of Object.entries(entries)) {
      expect(entry).toMatch(/\.jpg$/);
      expect(await sharp(Buffer.from(bytes)).metadata(), entry).toMatchObject({ format: 'jpeg', width: 2000, height: 2000 });
    }

    // Closing the page loses nothing: coming back shows the same batch.
    await page.goto('/ai');
    await page.goto('/ai/remove-background');
    await visible(page.getByText('Finished: 5 of 5 done'));
    expect(guarded.pageErrors).toEqual([]);
  }, 420_000);
});
