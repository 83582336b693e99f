/** Steps a person takes in the app (sign up, sign in, sign out) and small waits used by the e2e tests. */
import { randomBytes } from 'node:crypto';
import type { Download, Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

export const PASSWORD = 'correct horse battery';

export interface Person {
  name: string;
  email: string;
  password: string;
}

export function newPerson(name: string): Person {
  return { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@example.com`, password: PASSWORD };
}

/** Waits until `locator` is visible and returns it (fails with the locator in the message). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** A toast (react-hot-toast renders them in role=status regions) containing `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[role="status"]').filter({ hasText: text });
}

/** The header's user menu button (signed in only). */
export function userMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: /Open user menu/ });
}

/** Opens the header's Get Started dialog and creates an account; ends signed in on the landing page. */
export async function signUpThroughDialog(page: Page, person: Person): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Welcome to Craftwell' }));
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  await dialog.getByLabel('Full name').fill(person.name);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await visible(userMenuButton(page));
  await dialog.waitFor({ state: 'detached' });
}

/** Signs in through the header dialog. */
export async function signInThroughDialog(page: Page, person: Pick<Person, 'email' | 'password'>): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Welcome to Craftwell' }));
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await visible(userMenuButton(page));
}

/** Signs out through the header's user menu. */
export async function signOutFromHeader(page: Page): Promise<void> {
  await page.goto('/');
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await visible(page.getByRole('button', { name: 'Get Started' }));
}

/** The bearer token the local auth adapter keeps for the signed-in user. */
export function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('craftwell.session-token'));
}

/** Clicks `trigger` and returns the download it starts, with its bytes. */
export async function downloadFrom(page: Page, trigger: Locator): Promise<{ download: Download; name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), trigger.click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { download, name: download.suggestedFilename(), body: Buffer.concat(chunks) };
}

/** Drops an in-memory file onto `target` the way a browser drag-and-drop does (dragenter, dragover, drop). */
export async function dropFile(page: Page, target: Locator, file: { name: string; type: string; text: string }): Promise<void> {
  const transfer = await page.evaluateHandle(({ name, type, text }) => {
    const data = new DataTransfer();
    data.items.add(new File([text], name, { type }));
    return data;
  }, file);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
  await transfer.dispose();
}

/** Whether an <img> has finished loading a real picture. */
function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });
}

/**
 * Waits until an image has loaded with pixels. A card or result can be on screen before its
 * image arrives, and with two browser files running at once that takes longer: a single look
 * right after the element appears can fail on a page that is fine.
 */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect.poll(() => imageLoaded(image), { timeout: 15_000 }).toBe(true);
}

export async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

export interface JobOutcome {
  state: 'completed' | 'failed';
  message?: string;
  /** Every distinct job status the page polled ("active 20 Removing background" ...), for failure messages. */
  trail: string;
}

/**
 * Resolves with how the next run of the tool at `aiPath` ends, as the page saw it: the start
 * reply when it was refused at once, else the last poll of GET /api/jobs/:id. Call before the click.
 */
export async function nextJobOutcome(page: Page, aiPath: string, timeout: number): Promise<JobOutcome> {
  const trail: string[] = [];
  const record = async (res: Response) => {
    if (!new URL(res.url()).pathname.startsWith('/api/jobs/')) return;
    const reply = (await res.json().catch(() => null)) as { state?: string; progress?: number; stage?: string; message?: string } | null;
    const line = `${reply?.state} ${reply?.progress} ${reply?.stage}${reply?.message ? ` "${reply.message}"` : ''}`;
    if (trail[trail.length - 1] !== line) trail.push(line);
  };
  page.on('response', record);
  try {
    const response = await page.waitForResponse(async (res) => {
      const url = new URL(res.url());
      if (url.pathname === aiPath && res.request().method() === 'POST') return res.status() !== 202;
      if (!url.pathname.startsWith('/api/jobs/')) return false;
      const reply = (await res.json().catch(() => null)) as { state?: string } | null;
      return reply?.state === 'completed' || reply?.state === 'failed';
    }, { timeout });
    const reply = (await response.json()) as { success?: boolean; state?: string; message?: string };
    const completed = reply.state === 'completed' || (reply.success === true && reply.state === undefined);
    return { state: completed ? 'completed' : 'failed', message: reply.message, trail: trail.join(' > ') };
  } finally {
    page.off('response', record);
  }
}
