/**
 * In headless Chromium against the app as `npm start` runs it: managing creations from the
 * dashboard (download, copy, use as input, unpublish, delete) and the account page.
 */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import type { ObjectStorage } from '@craftwell/storage/object-storage';
import { serviceUrl } from '../support/services.js';
import { insertImageCreation, insertTextCreation } from '../support/creations.js';
import { startE2eApp, type E2eApp } from './support/app-process.js';
import { chromiumAvailable, launchChromium, newGuardedContext, screenshotBothWidths, type GuardedContext } from './support/browser.js';
import { clipboardText, downloadFrom, newPerson, sessionToken, signUpThroughDialog, toast, visible } from './support/ui.js';

const postgresUrl = serviceUrl('postgres');
const ready = Boolean(postgresUrl) && chromiumAvailable();

describe.skipIf(!ready)('creations and account (browser)', () => {
  let app: E2eApp;
  let browser: Browser;
  let guarded: GuardedContext;
  let page: Page;
  let db: pg.Pool;
  let storage: ObjectStorage;
  const owner = newPerson('Olive Owner');
  let ownerId = '';

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'creations', postgresUrl: postgresUrl!, redisUrl: inject('redisUrl') }), launchChromium()]);
    guarded = await newGuardedContext(browser, app.baseUrl);
    page = await guarded.context.newPage();
    db = createPool(app.database.url, 2);
    storage = await createObjectStorage(parseStorageConfig({}, { dataDir: app.dataDir }));
    await signUpThroughDialog(page, owner);
    const me = await (await fetch(`${app.baseUrl}/api/me`, { headers: { authorization: `Bearer ${await sessionToken(page)}` } })).json();
    ownerId = me.user.id;
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
  });

  /** Opens the dashboard and expands the card whose prompt matches. */
  async function openCard(prompt: RegExp) {
    await page.goto('/ai');
    await page.getByRole('button', { name: prompt }).first().click();
    return page.getByRole('group', { name: 'Creation actions' });
  }

  it('downloads, reuses, unpublishes and deletes an image from the dashboard', async () => {
    const { id, key } = await insertImageCreation(db, storage, ownerId, { prompt: 'Generate an image of a kite in the style Realistic', publish: true });
    let actions = await openCard(/a kite/);
    const png = await downloadFrom(page, actions.getByRole('button', { name: 'Download PNG' }));
    expect(png.name).toMatch(/^ai-generated-image-\d+\.png$/);
    expect(png.body.subarray(1, 4).toString()).toBe('PNG');
    await screenshotBothWidths(page, 'dashboard-creation-actions');

    await actions.getByRole('button', { name: 'Remove its background' }).click();
    await page.waitForURL('**/ai/remove-background');
    await visible(page.getByText(`creation-${id}.png`));
    await visible(page.getByText('File Selected'));
    expect(await page.getByRole('button', { name: 'Remove Background' }).isEnabled()).toBe(true);

    actions = await openCard(/a kite/);
    await actions.getByRole('button', { name: 'Unpublish' }).click();
    await visible(toast(page, 'Removed from the community gallery'));
    expect((await db.query('SELECT publish FROM creations WHERE id = $1', [id])).rows[0].publish).toBe(false);

    await actions.getByRole('button', { name: 'Delete' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delete this creation?' }));
    await dialog.getByRole('button', { name: 'Delete creation' }).click();
    await visible(toast(page, 'Creation deleted'));
    await page.getByRole('button', { name: /a kite/ }).waitFor({ state: 'detached' });
    expect((await db.query('SELECT 1 FROM creations WHERE id = $1', [id])).rowCount).toBe(0);
    expect(await storage.stat(key)).toBeNull();
  });

  it('copies an article and downloads it as Markdown and Word', async () => {
    await insertTextCreation(db, ownerId, { prompt: 'Write an article about Night Trains in Short (500-800 words)', content: '# Night trains\n\nSleep **and** travel.' });
    const actions = await openCard(/Night Trains/);
    await actions.getByRole('button', { name: 'Copy text' }).click();
    await visible(toast(page, 'Copied to clipboard!'));
    expect(await clipboardText(page)).toBe('# Night trains\n\nSleep **and** travel.');
    const md = await downloadFrom(page, actions.getByRole('button', { name: 'Markdown' }));
    expect(md.name).toMatch(/^article-night_trains-\d+\.md$/);
    expect(md.body.toString()).toContain('Sleep **and** travel.');
    const word = await downloadFrom(page, actions.getByRole('button', { name: 'Word' }));
    expect(word.name).toMatch(/^article-night_trains-\d+\.docx$/);
    expect(word.body.subarray(0, 2).toString()).toBe('PK');
    expect(guarded.blocked).toEqual([]);
    expect(guarded.pageErrors).toEqual([]);
  });

  it('creates an API key in the account page that a script can use, then revokes it', async () => {
    await page.goto('/ai/account');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByLabel('Key name').fill('e2e script');
    await section.getByRole('button', { name: 'Create key' }).click();
    const key = (await (await visible(section.getByTestId('new-api-key'))).textContent())!.trim();
    expect(key).toMatch(/^cw_[A-Za-z0-9_-]{43}$/);
    await section.getByRole('button', { name: 'Copy key' }).click();
    expect(await clipboardText(page)).toBe(key);

    // A script, no browser: the key alone.
    const asScript = (path: string) => fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const me = await (await asScript('/api/me')).json();
    expect(me.user.id).toBe(ownerId);
    expect((await asScript('/api/user/get-user-creations')).status).toBe(200);

    await page.reload();
    await visible(section.getByText('e2e script'));
    await screenshotBothWidths(page, 'account-api-keys');
    await section.getByRole('button', { name: 'Revoke e2e script' }).click();
    await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke key' }).click();
    await visible(toast(page, 'API key revoked'));
    expect((await asScript('/api/me')).status).toBe(401);
  });

  it('changes the e-mail, exports the data and deletes the account from the account page', async () => {
    await page.goto('/ai/account');
    await visible(page.getByRole('heading', { name: 'Account settings' }));
    const emailSection = page.getByRole('region', { name: 'E-mail address' });
    const newEmail = `olive.new.${Date.now()}@example.com`;
    await emailSection.getByLabel('New e-mail address').fill(newEmail);
    await emailSection.getByLabel('Current password').fill('wrong password!!');
    await emailSection.getByRole('button', { name: 'Change e-mail' }).click();
    await visible(emailSection.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }));
    await emailSection.getByLabel('Current password').fill(owner.password);
    await emailSection.getByRole('button', { name: 'Change e-mail' }).click();
    await visible(toast(page, 'E-mail address changed'));
    await visible(emailSection.getByText(newEmail));
    await screenshotBothWidths(page, 'account-settings');

    const zip = await downloadFrom(page, page.getByRole('button', { name: 'Download my data' }));
    expect(zip.name).toMatch(/^craftwell-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(zip.body.subarray(0, 2).toString()).toBe('PK');
    expect(zip.body.includes(Buffer.from('account.json'))).toBe(true);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delete your account?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete everything' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Current password').fill(owner.password);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await visible(page.getByRole('button', { name: 'Get Started' }));
    expect((await db.query('SELECT 1 FROM users WHERE id = $1', [ownerId])).rowCount).toBe(0);
    expect((await db.query('SELECT 1 FROM creations WHERE user_id = $1', [ownerId])).rowCount).toBe(0);
    expect(guarded.pageErrors).toEqual([]);
  });
});
