/**
 * In headless Chromium against the app as `npm start` runs it: the article writer's tone,
 * audience, outline planned and edited before the draft, and one section lengthened; background
 * removal's new colour background and mask alone, on a real photo, each saved as a creation made
 * from the cut-out.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { ROOT, startE2eApp, type E2eApp } from './support/app-process.js';
import { chromiumAvailable, launchChromium, newGuardedContext, screenshotBothWidths, type GuardedContext } from './support/browser.js';
import { downloadFrom, expectImageLoaded, newPerson, nextJobOutcome, signUpThroughDialog, visible } from './support/ui.js';

const postgresUrl = serviceUrl('postgres');
const ready = Boolean(postgresUrl) && chromiumAvailable();
const PHOTO = path.join(ROOT, 'tests/fixtures/images/astronaut.jpg');

describe.skipIf(!ready)('tool options (browser)', () => {
  let app: E2eApp;
  let browser: Browser;
  let guarded: GuardedContext;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'tool-options', postgresUrl: postgresUrl!, redisUrl: inject('redisUrl') }), launchChromium()]);
    guarded = await newGuardedContext(browser, app.baseUrl);
    page = await guarded.context.newPage();
    await signUpThroughDialog(page, newPerson('Otto Options'));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('plans an outline, edits it, writes the draft for a tone and audience, and lengthens one section', async () => {
    await page.goto('/ai/write-article');
    await page.getByLabel('Article Topic').fill('night trains');
    await page.getByLabel('Tone').selectOption('friendly');
    await page.getByLabel('Audience (optional)').fill('families with children');
    await page.getByRole('button', { name: 'Plan the outline first' }).click();
    const outline = await visible(page.getByLabel('Outline: one section per line'));
    await expect.poll(async () => (await outline.inputValue()).split('\n').length).toBeGreaterThan(2);
    await outline.fill('Booking a sleeper\nWhat to pack for kids\nArriving rested');
    await page.getByRole('button', { name: 'Generate Article' }).click();
    await visible(page.getByText('Article Generated Successfully!'));
    const article = page.locator('[aria-label="Article"]');
    await visible(article.getByText('H2: What to pack for kids').first());
    await visible(page.getByText('families with children').first());
    await visible(page.getByText(/Tone:.*friendly/).first());
    await screenshotBothWidths(page, 'article-outline-and-sections');

    const group = page.getByRole('group', { name: 'Revise one section' });
    await group.getByLabel('Section').selectOption('Arriving rested');
    const budget = async () => Number(/Arriving rested — (\d+) words/.exec(await article.first().innerText())?.[1]);
    const before = await budget();
    expect(before).toBeGreaterThan(0);
    await group.getByRole('button', { name: 'Lengthen' }).click();
    await visible(page.getByText('Article Generated Successfully!'));
    await expect.poll(budget).toBeGreaterThan(before);
  });

  it('puts a colour behind a real photo\'s cut-out and saves its mask alone', async () => {
    await page.goto('/ai/remove-background');
    await page.locator('input[type="file"]').first().setInputFiles(PHOTO);
    const outcome = nextJobOutcome(page, '/api/ai/remove-image-background', 240_000);
    await page.getByRole('button', { name: 'Remove Background' }).click();
    expect((await outcome).state).toBe('completed');
    const result = await visible(page.getByRole('img', { name: 'Background Removed' }));
    await expectImageLoaded(result);

    await page.getByLabel('Colour', { exact: true }).check();
    await page.getByLabel('Background colour').fill('#00ff00');
    await page.getByLabel('Crop to the subject').check();
    await screenshotBothWidths(page, 'remove-background-options');
    // The step is saved as a creation made from the cut-out, shown, and downloaded from there.
    const saved = page.getByRole('figure', { name: 'Saved result' });
    await page.getByRole('button', { name: 'Save with this background' }).click();
    await expectImageLoaded(saved.getByRole('img', { name: 'The saved result with its new background' }));
    const coloured = await downloadFrom(page, saved.getByRole('button', { name: 'Download PNG' }));
    expect(coloured.name).toMatch(/^background-removed-\d+\.png$/);
    const meta = await sharp(coloured.body).metadata();
    expect(meta.hasAlpha).toBe(false);
    const corner = await sharp(coloured.body).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner]).toEqual([0, 255, 0]);

    await page.getByRole('button', { name: 'Save the mask alone' }).click();
    await expectImageLoaded(saved.getByRole('img', { name: 'The saved mask' }));
    const mask = await downloadFrom(page, saved.getByRole('button', { name: 'Download PNG' }));
    expect(mask.name).toMatch(/^mask-\d+\.png$/);
    const stats = await sharp(mask.body).stats();
    expect(stats.channels[0].min).toBe(0);
    expect(stats.channels[0].max).toBe(255);
    expect(guarded.pageErrors).toEqual([]);
  });
});
