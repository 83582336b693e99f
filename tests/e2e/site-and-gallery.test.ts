/**
 * End to end, in headless Chromium against the app started as `npm start` starts it: the public
 * screens, local accounts (sign up, sign out, sign in, a refused password), the signed-in layout
 * (empty dashboard, mobile sidebar), the unknown route and gallery likes across two users.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { ROOT, startE2eApp, type E2eApp } from './support/app-process.js';
import { chromiumAvailable, DESKTOP, launchChromium, newGuardedContext, PHONE, SCREENSHOT_DIR, screenshotBothWidths, setViewport, type GuardedContext } from './support/browser.js';
import { expectImageLoaded, newPerson, sessionToken, signInThroughDialog, signOutFromHeader, signUpThroughDialog, toast, visible } from './support/ui.js';

const postgresUrl = serviceUrl('postgres');
const ready = Boolean(postgresUrl) && chromiumAvailable();

describe.skipIf(!ready)('site, accounts and community gallery (browser)', () => {
  let app: E2eApp;
  let browser: Browser;
  let guarded: GuardedContext;
  let page: Page;
  const alice = newPerson('Alice Painter');
  const bob = newPerson('Bob Viewer');

  beforeAll(async () => {
    [app, browser] = await Promise.all([startE2eApp({ name: 'site', postgresUrl: postgresUrl!, redisUrl: inject('redisUrl') }), launchChromium()]);
    guarded = await newGuardedContext(browser, app.baseUrl);
    page = await guarded.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the landing page, and its tool cards do nothing while signed out', async () => {
    await page.goto('/');
    await visible(page.getByRole('heading', { name: /Create amazing content/ }));
    await visible(page.getByText('Trusted by 10k+ people'));
    await visible(page.getByRole('heading', { name: 'Powerful AI Tools' }));
    await visible(page.getByRole('heading', { name: 'Loved by Creators' }));
    await visible(page.getByRole('heading', { name: 'Choose Your Plan' }));
    // Local mode draws the Free and Premium plans from the api's config, one marked popular.
    await visible(page.getByText('Most popular'));
    await visible(page.getByText('EST. 2025'));
    await visible(page.getByText(`© ${new Date().getFullYear()}`));
    await screenshotBothWidths(page, 'landing-signed-out');

    for (const title of ['AI Article Writer', 'Background Removal', 'Resume Reviewer']) {
      await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname, `${title} card navigated while signed out`).toBe('/');
    }
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: /Start creating now/ }).click();
    await page.waitForURL('**/ai');
    await visible(page.getByRole('heading', { name: 'Sign in to Craftwell' }));
  });

  it('stores a newsletter e-mail and says thanks', async () => {
    await page.goto('/');
    await page.getByPlaceholder('Enter your email address').fill(`reader-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await visible(toast(page, 'Thanks for subscribing!'));
    const db = new pg.Client({ connectionString: app.database.url });
    await db.connect();
    const { rows } = await db.query('SELECT count(*)::int AS n FROM newsletter_subscribers');
    await db.end();
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ['/about', 'about', /We build tools/],
    ['/pricing', 'pricing', /./],
    ['/contact', 'contact', /./],
  ])('shows %s', async (route, name, heading) => {
    await page.goto(route);
    const h1 = await visible(page.locator('h1'));
    expect(await h1.textContent()).toMatch(heading);
    await visible(page.getByText('EST. 2025'));
    await screenshotBothWidths(page, name);
  });

  it('shows the router default error screen on an unknown route', async () => {
    await page.goto('/no-such-page');
    await visible(page.getByText('Unexpected Application Error!'));
    await screenshotBothWidths(page, 'unknown-route');
  });

  it('shows the centred sign-in component on /ai while signed out', async () => {
    await page.goto('/ai');
    await visible(page.getByRole('heading', { name: 'Sign in to Craftwell' }));
    expect(await page.getByRole('navigation', { name: 'Tools' }).count()).toBe(0);
    await screenshotBothWidths(page, 'ai-signed-out');
    await page.goto('/ai/write-article');
    await visible(page.getByRole('heading', { name: 'Sign in to Craftwell' }));
  });

  it('creates an account in the Get Started dialog, signs out, refuses a wrong password and signs in', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Welcome to Craftwell' }));
    await dialog.getByRole('tab', { name: 'Create account' }).click();
    await screenshotBothWidths(page, 'sign-up-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await signUpThroughDialog(page, alice);
    await signOutFromHeader(page);
    expect(await sessionToken(page)).toBeNull();

    await page.getByRole('button', { name: 'Get Started' }).click();
    const signIn = await visible(page.getByRole('dialog', { name: 'Welcome to Craftwell' }));
    await signIn.getByLabel('Email').fill(alice.email);
    await signIn.getByLabel('Password').fill('not the right password');
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refusal = await visible(signIn.getByRole('alert'));
    expect((await refusal.textContent())?.trim().length).toBeGreaterThan(5);
    expect(await sessionToken(page)).toBeNull();
    await page.keyboard.press('Escape');

    await signInThroughDialog(page, alice);
    expect(await sessionToken(page)).toMatch(/\S{16,}/);
    await screenshotBothWidths(page, 'landing-signed-in');
  });

  it('tool cards lead to their tool once signed in', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Blog Title Generator/ }).click();
    await page.waitForURL('**/ai/blog-titles');
    await visible(page.getByRole('heading', { name: 'Blog Title Generator', level: 1 }));
  });

  it('shows an empty dashboard for a new account (the first account holds the premium plan)', async () => {
    await page.goto('/ai');
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    await visible(page.getByText('Ready to Create?'));
    const card = (key: string) => page.getByTestId(`stat-${key}`);
    expect(await card('total').innerText()).toMatch(/Total Creations\s+0/);
    // The first local account is the administrator and holds the premium plan (api/src/auth/local.ts).
    expect(await card('plan').innerText()).toMatch(/Active Plan\s+Premium/);
    expect(await card('week').innerText()).toMatch(/This Week\s+0\s+No new creations/);
    expect(await card('productivity').innerText()).toMatch(/Productivity\s+Getting Started/);
    expect(await card('total').innerText()).not.toContain('All time');
    // Sidebar: user's name, the eight items, the plan badge; Dashboard active only on /ai.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await visible(sidebar.getByText(alice.name).first());
    const items = await sidebar.getByRole('navigation', { name: 'Tools' }).getByRole('link').allInnerTexts();
    expect(items.map((s) => s.trim())).toEqual([
      'Dashboard', 'Write Article', 'Blog Titles', 'Generate Images', 'Remove Background', 'Remove Object', 'Review Resume', 'Community',
    ]);
    expect(await sidebar.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await visible(sidebar.getByText('Premium', { exact: true }));
    await screenshotBothWidths(page, 'dashboard-empty');

    await sidebar.getByRole('link', { name: 'Community' }).click();
    await page.waitForURL('**/ai/community');
    // The URL changes a render before the sidebar marks the new item: wait for the mark.
    await sidebar.locator('a[aria-current="page"]', { hasText: 'Community' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(await sidebar.getByRole('link', { name: 'Community' }).getAttribute('aria-current')).toBe('page');
    await visible(page.getByText('No Creations Yet'));
    await visible(page.getByText('0 creation(s)'));
    await screenshotBothWidths(page, 'community-empty');
  });

  it('opens the account profile dialog from the sidebar user block', async () => {
    await page.goto('/ai');
    await page.getByRole('button', { name: /Open account profile/ }).click();
    const dialog = await visible(page.getByRole('dialog'));
    await visible(dialog.getByText(alice.email));
    await screenshotBothWidths(page, 'profile-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the sidebar with the menu icon at 390 px and closes it when an item is chosen', async () => {
    await setViewport(page, PHONE);
    try {
      await page.goto('/ai');
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
      expect(await sidebar.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await visible(sidebar);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sidebar-open-390.png'), fullPage: false });
      // The close icon closes it again.
      await page.getByRole('button', { name: 'Close menu' }).click();
      await sidebar.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await sidebar.getByRole('link', { name: 'Review Resume' }).click();
      await page.waitForURL('**/ai/review-resume');
      await sidebar.waitFor({ state: 'hidden' });
      await visible(page.getByRole('button', { name: 'Open menu' }));
    } finally {
      await setViewport(page, DESKTOP);
    }
  });

  it('shows likes across two users: B likes A\'s published image, sees the count and Liked badge; A sees the count only', async () => {
    // Only generated images are published and this server has no image provider, so Alice's
    // published images are written straight into the database. Their picture is a real /files
    // object: her profile picture, uploaded through the api.
    const aliceToken = await sessionToken(page);
    const form = new FormData();
    form.append('image', new Blob([fs.readFileSync(path.join(ROOT, 'tests/fixtures/images/coffee.png'))], { type: 'image/png' }), 'coffee.png');
    const upload = await fetch(`${app.baseUrl}/api/user/avatar`, { method: 'POST', headers: { authorization: `Bearer ${aliceToken}` }, body: form });
    const uploaded = (await upload.json()) as { success: boolean; content: string };
    expect(uploaded.success, JSON.stringify(uploaded)).toBe(true);
    expect(uploaded.content).toMatch(/^\/files\//);

    const db = new pg.Client({ connectionString: app.database.url });
    await db.connect();
    const { rows: users } = await db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [alice.email]);
    const prompts = [
      'A cup of coffee on a wooden table in the morning light',
      'Generate an image of a very long and detailed description of a cosy reading corner with a steaming cup of coffee, a stack of well-worn paperbacks, a knitted blanket, rain on the window and a sleepy cat curled up on the armchair in the style Realistic',
      'Latte art',
      'Coffee beans, close up',
      'A café terrace at dusk',
    ];
    const ids: string[] = [];
    for (const [index, prompt] of prompts.entries()) {
      const { rows } = await db.query(
        `INSERT INTO creations (user_id, type, prompt, content, publish, created_at) VALUES ($1, 'image', $2, $3, true, now() - ($4 || ' minutes')::interval) RETURNING id`,
        [users[0].id, prompt, uploaded.content, String(index)],
      );
      ids.push(rows[0].id);
    }
    await db.end();
    const newest = prompts[0];

    // Bob: a second account, signed in through the dialog in a context of his own.
    const bobSide = await newGuardedContext(browser, app.baseUrl);
    try {
      const bobPage = await bobSide.context.newPage();
      await signUpThroughDialog(bobPage, bob);
      // Bob is a second, ordinary account: Free in the sidebar and on his dashboard.
      await bobPage.goto('/ai');
      expect(await bobPage.getByTestId('stat-plan').innerText()).toMatch(/Active Plan\s+Free/);
      await visible(bobPage.getByRole('complementary', { name: 'Sidebar' }).getByText('Free', { exact: true }));
      await bobPage.goto('/ai/community');
      await visible(bobPage.getByText(`${prompts.length} creation(s)`));
      const card = bobPage.getByTestId('gallery-card').filter({ has: bobPage.getByAltText(newest, { exact: true }) });
      await visible(card);
      expect((await card.getByTestId('like-count').innerText()).trim()).toBe('0');
      expect(await card.getByText('Liked', { exact: true }).count()).toBe(0);
      await expectImageLoaded(card.locator('img'));
      await screenshotBothWidths(bobPage, 'community-gallery');

      await card.hover();
      await visible(card.getByText(`"${newest}"`));
      const refetch = bobPage.waitForResponse((res) => res.url().includes('/api/user/get-published-creations') && res.request().method() === 'GET');
      await card.getByRole('button', { name: 'Like (0 likes)' }).click();
      await visible(toast(bobPage, 'Creation Liked'));
      await refetch;
      await visible(card.getByText('Liked', { exact: true }));
      expect((await card.getByTestId('like-count').innerText()).trim()).toBe('1');
      await card.hover();
      await visible(card.getByRole('button', { name: 'Unlike (1 likes)' }));
      // The other cards are untouched.
      expect(await bobPage.getByText('Liked', { exact: true }).count()).toBe(1);
      await bobPage.mouse.move(0, 0);
      await screenshotBothWidths(bobPage, 'community-gallery-liked');
      // The longest prompt, on hover, is clamped to three lines.
      const longCard = bobPage.getByTestId('gallery-card').filter({ has: bobPage.getByAltText(prompts[1], { exact: true }) });
      await longCard.hover();
      const clamped = longCard.getByText(`"${prompts[1]}"`);
      await visible(clamped);
      const lines = await clamped.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines).toBeLessThanOrEqual(3);
      await bobPage.screenshot({ path: path.join(SCREENSHOT_DIR, 'community-gallery-hover-1280.png') });
      expect(bobSide.blocked).toEqual([]);
      expect(bobSide.pageErrors).toEqual([]);
    } finally {
      await bobSide.context.close();
    }

    // Alice sees Bob's like counted, without a Liked badge of her own.
    await page.goto('/ai/community');
    const aliceCard = page.getByTestId('gallery-card').filter({ has: page.getByAltText(newest, { exact: true }) });
    await visible(aliceCard);
    expect((await aliceCard.getByTestId('like-count').innerText()).trim()).toBe('1');
    expect(await aliceCard.getByText('Liked', { exact: true }).count()).toBe(0);

    // Her dashboard lists the five images; one expands to show its picture.
    await page.goto('/ai');
    await visible(page.getByText(`${prompts.length} items`));
    const first = page.getByRole('button', { name: newest });
    await first.click();
    const picture = await visible(page.locator('li').filter({ has: first }).getByRole('img', { name: newest }));
    await expectImageLoaded(picture);
    expect(ids).toHaveLength(prompts.length);
  });

  it('signs out from the sidebar and /ai shows the sign-in component again', async () => {
    await page.goto('/ai');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await visible(page.getByRole('heading', { name: 'Sign in to Craftwell' }));
    expect(await sessionToken(page)).toBeNull();
  });

  it('made no request outside the app origin and threw no page errors', () => {
    expect(guarded.blocked).toEqual([]);
    expect(guarded.pageErrors).toEqual([]);
  });
});
