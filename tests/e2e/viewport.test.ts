/**
 * setViewport(), the one way browser tests resize: it returns once the page draws at the new
 * size, nudges a page that has stopped drawing, and fails with a reason when the page still
 * draws nothing (instead of a later click timing out with none). A stalled page is made here by
 * holding the page's animation-frame callbacks.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, launchChromium, PHONE, setViewport } from './support/browser.js';

/** A page that draws answers within these even on a busy machine; the held one never does. */
const PATIENT = { first: 5_000, afterNudge: 5_000 };
const SHORT = { first: 300, afterNudge: 300 };

describe.skipIf(!chromiumAvailable())('setViewport (browser)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const freshPage = async (holdFrames: 'never' | 'until-resize' | false): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await page.setContent('<button>Go</button>');
    if (holdFrames) {
      await page.evaluate((mode) => {
        const real = window.requestAnimationFrame.bind(window);
        const held: FrameRequestCallback[] = [];
        window.requestAnimationFrame = (callback) => { held.push(callback); return held.length; };
        if (mode === 'until-resize') {
          // Any resize releases the page, as a real compositor restarting would.
          window.addEventListener('resize', () => {
            window.requestAnimationFrame = real;
            for (const callback of held.splice(0)) real(callback);
          }, { once: true });
        }
      }, holdFrames);
    }
    return page;
  };

  it('when the page draws, then it returns at the new size', async () => {
    const drawing = await freshPage(false);
    await setViewport(drawing, PHONE, PATIENT);
    expect(drawing.viewportSize()).toEqual(PHONE);
    expect(await drawing.evaluate(() => window.innerWidth)).toBe(PHONE.width);
  });

  it('when the page stops drawing until it is resized again, then the nudge brings it back', async () => {
    // Set to the size it has, so only the nudge (a pixel wider and back) resizes it.
    const stalled = await freshPage('until-resize');
    await stalled.evaluate(() => {
      (window as unknown as { widths: number[] }).widths = [];
      window.addEventListener('resize', () => (window as unknown as { widths: number[] }).widths.push(window.innerWidth));
    });
    await setViewport(stalled, DESKTOP, { first: SHORT.first, afterNudge: PATIENT.afterNudge });
    expect(stalled.viewportSize()).toEqual(DESKTOP);
    // Only the nudge resized it. The page may see its two steps as one resize event, read after
    // both (the browser coalesces them), so the count is what shows it, not the width.
    expect(await stalled.evaluate(() => (window as unknown as { widths: number[] }).widths.length)).toBeGreaterThan(0);
    await stalled.getByRole('button', { name: 'Go' }).click({ timeout: 2_000 });
  });

  it('when the page draws nothing even after the nudge, then it fails saying so', async () => {
    const dead = await freshPage('never');
    await expect(setViewport(dead, PHONE, SHORT)).rejects.toThrow(/drew no frame in 600 ms after resizing to 390x844, even after a nudge/);
  });
});
