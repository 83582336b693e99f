import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';

// jsdom has no matchMedia; react-hot-toast's Toaster asks it for prefers-reduced-motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export type FakeRoute = (url: string, init: RequestInit) => { status: number; body: unknown } | undefined;

/**
 * Replaces fetch with scripted api replies (usage is always answered) and records every call,
 * so a test sees exactly which requests a screen made.
 */
export function fakeApi(route: FakeRoute = () => undefined) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const reply =
        route(url, init) ??
        (url === '/api/user/usage'
          ? { status: 200, body: { success: true, plan: 'free', period: '2026-11', tools: usageTools } }
          : { status: 500, body: { success: false, message: `unexpected ${url}` } });
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const usageTools = {
  article: { used: 3, limit: 10 },
  'blog-title': { used: 0, limit: 10 },
  'generate-image': { used: 0, limit: 5 },
  'remove-background': { used: 1, limit: 5 },
  'remove-object': { used: 0, limit: 5 },
  'resume-review': { used: 0, limit: 5 },
};

/** Renders a tool screen with a router and the toaster, as the app does. */
export function renderTool(page: ReactElement) {
  return render(
    <MemoryRouter>
      {page}
      <Toaster />
    </MemoryRouter>,
  );
}

/** Types text into a field as one paste (much faster than key-by-key typing). */
export async function fill(user: { click: (el: Element) => Promise<void>; paste: (text: string) => Promise<void> }, field: Element, text: string) {
  await user.click(field);
  await user.paste(text);
}

/**
 * Screen tests drive a whole page through user events; on a busy 2-core machine one can take a few
 * seconds, so they get more room than vitest's 5 s default (a real hang still fails).
 */
export const SCREEN_TEST_TIMEOUT_MS = 15_000;
