/**
 * In headless Chromium against the app as `npm start` runs it: the header never shows Get Started
 * to a signed-in visitor while the session loads; the admin page (administrators only) changes a
 * plan, disables an account (its owner is signed out and refused), shows the queue and the audit
 * log, and unpublishes a gallery item.
 */
import pg from 'pg';
import { createPool } from '@craftwell/core/db/pool';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createObjectStorage, parseStorageConfig } from '@craftwell/storage';
import { serviceUrl } from '../support/services.js';
import { insertImageCreation } from '../support/creations.js';
import { startE2eApp, type E2eApp } from './support/app-process.js';
import { chromiumAvailable, DESKTOP, launchChromium, newGuardedContext, PHONE, screenshotBothWidths, setViewport, type GuardedContext } from './support/browser.js';
import { newPerson, sessionToken, signUpThroughDialog, toast, userMenuButton, visible } from './support/ui.js';

const postgresUrl = serviceUrl('postgres');
const ready = Boolean(postgresUrl) && chromiumAvailable();

describe.skipIf(!ready)('admin page (browser)', () => {
  let app: E2eApp;
  let browser: Browser;
  let adminSide: GuardedContext;
  let memberSide: GuardedContext;
  let adminPage: Page;
  let memberPage: Page;
  let db: pg.Pool;
  const root = newPerson('Rita Root');
  const member = newPerson('Milo Member');

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'admin', postgresUrl: postgresUrl!, redisUrl: inject('redisUrl') }), launchChromium()]);
    adminSide = await newGuardedContext(browser, app.baseUrl);
    memberSide = await newGuardedContext(browser, app.baseUrl);
    adminPage = await adminSide.context.newPage();
    memberPage = await memberSide.context.newPage();
    db = createPool(app.database.url, 2);
    await signUpThroughDialog(adminPage, root);
    await signUpThroughDialog(memberPage, member);
  });

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
  });

  it('never shows Get Started to a signed-in visitor while the session loads', async () => {
    // Slow the session check down so a flash would be long enough to catch.
    await adminPage.route('**/api/me', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await adminPage.addInitScript(() => {
      const seen = () => [...document.querySelectorAll('button')].some((b) => /Get Started/.test(b.textContent ?? ''));
      new MutationObserver(() => {
        if (seen()) (window as unknown as { sawGetStarted: boolean }).sawGetStarted = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await adminPage.goto('/');
    await visible(userMenuButton(adminPage));
    expect(await adminPage.evaluate(() => (window as unknown as { sawGetStarted?: boolean }).sawGetStarted ?? false)).toBe(false);
    await adminPage.unroute('**/api/me');
  });

  it('is refused to members, in the page and in the api', async () => {
    await memberPage.goto('/ai/admin');
    await visible(memberPage.getByText('Only administrators can see this page.'));
    const res = await fetch(`${app.baseUrl}/api/admin/users`, { headers: { authorization: `Bearer ${await sessionToken(memberPage)}` } });
    expect(res.status).toBe(403);
  });

  it('shows the API reference generated from the OpenAPI document', async () => {
    await adminPage.goto('/ai/account');
    await adminPage.getByRole('link', { name: 'API reference' }).click();
    await adminPage.waitForURL('**/ai/api-docs');
    const tools = await visible(adminPage.getByRole('region', { name: 'Tools' }));
    await visible(tools.getByText('/api/ai/generate-article'));
    const documented = await (await fetch(`${app.baseUrl}/api/openapi.json`)).json();
    const count = Object.values(documented.paths as Record<string, object>).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(await adminPage.getByTestId('api-operation').count()).toBe(count);
    await screenshotBothWidths(adminPage, 'api-docs');
  });

  it('changes a plan, unpublishes a gallery item, shows queue and audit log, and disables an account', async () => {
    const memberId = (await db.query('SELECT id FROM users WHERE email = $1', [member.email])).rows[0].id;
    const storage = await createObjectStorage(parseStorageConfig({}, { dataDir: app.dataDir }));
    await insertImageCreation(db, storage, memberId, { publish: true, prompt: 'a harbour at dawn' });

    await adminPage.goto('/');
    await userMenuButton(adminPage).click();
    await adminPage.getByRole('menuitem', { name: 'Administration' }).click();
    await adminPage.waitForURL('**/ai/admin');
    const row = await visible(adminPage.getByTestId(`admin-user-${member.email}`));
    await row.getByLabel('Plan of Milo Member').selectOption('premium');
    await visible(toast(adminPage, 'Plan changed to Premium'));
    expect((await db.query('SELECT plan FROM users WHERE id = $1', [memberId])).rows[0].plan).toBe('premium');

    const gallery = adminPage.getByRole('region', { name: 'Gallery' });
    await visible(gallery.getByText('a harbour at dawn'));
    await visible(adminPage.getByTestId('queue-text'));
    const engines = adminPage.getByRole('region', { name: 'Engines' });
    await visible(engines.getByRole('button', { name: 'Install MI-GAN' }));
    await visible(engines.getByRole('button', { name: 'Install LaMa' }));
    await visible(engines.getByText(/ISNet background removal/));
    await visible(adminPage.getByRole('region', { name: 'Audit log' }).getByText('Changed the plan of Milo Member to premium'));
    await screenshotBothWidths(adminPage, 'admin-page');
    // On a phone the wide tables scroll inside their panels; the page itself never scrolls sideways.
    await setViewport(adminPage, PHONE);
    const wide = await adminPage.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.overflow-x-auto'))
      .map((el) => `${el.tagName}.${el.className}`.slice(0, 120)));
    expect(wide).toEqual([]);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await setViewport(adminPage, DESKTOP);

    await gallery.getByRole('button', { name: 'Unpublish a harbour at dawn' }).click();
    await visible(gallery.getByText('Nothing is published.'));

    await row.getByRole('button', { name: 'Disable Milo Member' }).click();
    await visible(toast(adminPage, 'Account disabled and signed out everywhere'));
    await visible(row.getByText('Disabled'));

    // The member's session is gone: the next visit is signed out, and signing in explains why.
    await memberPage.goto('/');
    await memberPage.getByRole('button', { name: 'Get Started' }).click();
    const dialog = await visible(memberPage.getByRole('dialog', { name: 'Welcome to Craftwell' }));
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visible(dialog.getByRole('alert').filter({ hasText: 'This account has been disabled by an administrator.' }));
    expect(adminSide.pageErrors).toEqual([]);
    expect(adminSide.blocked).toEqual([]);
  });
});
