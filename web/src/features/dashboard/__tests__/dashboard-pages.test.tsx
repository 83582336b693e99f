import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, jsonResponse, renderWithProviders } from '../../../testing/render.js';
import DashboardPage from '../index.js';

const day = 86_400_000;
const preview = `# Long read\n\n${'word '.repeat(60)}`.slice(0, 300);

function creation(id: string, prompt: string, extra: Record<string, unknown> = {}) {
  return { id, type: 'blog-title', prompt, content: `titles ${id}`, created_at: new Date(Date.now() - day).toISOString(), ...extra };
}

describe('DashboardPage paging and full content', () => {
  it('when the dashboard opens, then counters come from the server, more items load by cursor, and a long article is fetched whole when opened', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/user/creation-stats') return jsonResponse({ success: true, total: 57, thisWeek: 9 });
      if (url.pathname === '/api/user/creations/a1') {
        return jsonResponse({ success: true, creation: { id: 'a1', type: 'article', prompt: 'A long read', content: `${preview}\n\nThe very end of it.` } });
      }
      if (url.searchParams.get('cursor') === 'next-1') {
        return jsonResponse({ success: true, creations: [creation('t3', 'Third one')], nextCursor: null });
      }
      return jsonResponse({
        success: true,
        creations: [creation('a1', 'A long read', { type: 'article', content: preview, content_truncated: true }), creation('t2', 'Second one')],
        nextCursor: 'next-1',
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();

    renderWithProviders(<DashboardPage />, { route: '/ai', auth: fakeAuth() });
    expect(await screen.findByText('57 items')).toBeInTheDocument();
    expect(screen.getByTestId('stat-total')).toHaveTextContent('57');
    expect(screen.getByTestId('stat-week')).toHaveTextContent('9 new');
    const quick = screen.getByText('Average per week').closest('dl')!;
    expect(within(quick).getByText('15')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/user/get-user-creations?limit=20');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Third one/ })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /A long read/ }));
    await waitFor(() => expect(screen.getByTestId('creation-content')).toHaveTextContent('The very end of it.'));
    // A short item is complete in the list: opening it asks for nothing more.
    await user.click(screen.getByRole('button', { name: /Second one/ }));
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/user/creations/'))).toHaveLength(1);
  });
});
