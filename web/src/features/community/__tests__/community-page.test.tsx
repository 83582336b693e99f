import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { fakeAuth, jsonResponse, renderWithProviders, testUser } from '../../../testing/render.js';
import CommunityPage from '../index.js';

type Item = { id: string; prompt: string; content: string; likes: string[] | string };

describe('CommunityPage', () => {
  let likes: string[];
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    likes = ['someone-else'];
    // A tiny in-memory server: the list and the like toggle share state.
    fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/user/get-published-creations')) {
        const items: Item[] = [
          { id: 'c1', prompt: 'A lighthouse at dusk', content: '/files/c1.png', likes: [...likes] },
          { id: 'c2', prompt: 'Paper boats', content: '', likes: 'a,b,c' },
        ];
        return jsonResponse({ success: true, creations: items, nextCursor: null });
      }
      if (url === '/api/user/toggle-like-creation' && init?.method === 'POST') {
        const { id } = JSON.parse(String(init.body)) as { id: string };
        expect(id).toBe('c1');
        const liked = likes.includes(testUser.id);
        likes = liked ? likes.filter((u) => u !== testUser.id) : [...likes, testUser.id];
        return jsonResponse({ success: true, message: liked ? 'Creation Unliked' : 'Creation Liked' });
      }
      return jsonResponse({ success: false, message: 'unexpected call' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/user/get-published-creations')).length;

  it('when loaded, then it shows the count, badges and a placeholder for missing images', async () => {
    renderWithProviders(<CommunityPage />, { route: '/ai/community', auth: fakeAuth() });
    expect(screen.getByText('Loading community creations...')).toBeInTheDocument();
    expect(await screen.findByText('2 creation(s)')).toBeInTheDocument();
    const counts = screen.getAllByTestId('like-count').map((node) => node.textContent);
    expect(counts).toEqual(['1', '3']);
    expect(screen.queryByText('Liked')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Paper boats' })).toHaveAttribute('src', '/placeholder-image.svg');
    expect(screen.getByText('"A lighthouse at dusk"')).toHaveClass('line-clamp-3');
  });

  it('when a like is toggled, then it posts, toasts the server message and re-fetches the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderWithProviders(<CommunityPage />, { route: '/ai/community', auth: fakeAuth() });
    await screen.findByText('2 creation(s)');
    expect(listCalls()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Like (1 likes)' }));

    await waitFor(() => expect(screen.getByText('Liked')).toBeInTheDocument());
    expect(listCalls()).toBe(2);
    expect(success).toHaveBeenCalledWith('Creation Liked');
    expect(screen.getByRole('button', { name: 'Unlike (2 likes)' })).toHaveAttribute('aria-pressed', 'true');
    const authHeader = new Headers(fetchMock.mock.calls[1][1]?.headers).get('Content-Type');
    expect(authHeader).toBe('application/json');
  });

  it('when the list fails without a message, then it empties and toasts Failed to fetch creations', async () => {
    const error = vi.spyOn(toast, 'error');
    fetchMock.mockImplementation(async () => jsonResponse({ success: false }, 500));
    renderWithProviders(<CommunityPage />, { route: '/ai/community', auth: fakeAuth() });
    expect(await screen.findByText('No Creations Yet')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to fetch creations');
    expect(screen.getByText('0 creation(s)')).toBeInTheDocument();
  });

  it('when the network fails, then the thrown message is toasted', async () => {
    const error = vi.spyOn(toast, 'error');
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<CommunityPage />, { route: '/ai/community', auth: fakeAuth() });
    expect(await screen.findByText('No Creations Yet')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/Network error/));
  });

  it('when the grid is 960 px wide with 5 items, then 4 columns are filled round-robin with the newest on the first row', async () => {
    const items: Item[] = ['n1', 'n2', 'n3', 'n4', 'n5'].map((id) => ({ id, prompt: `Prompt ${id}`, content: `/files/${id}.png`, likes: [] }));
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, creations: items, nextCursor: null }));
    // jsdom has no layout: give every element the width the page has at 1280 px beside the sidebar.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 960, height: 800, x: 0, y: 0, top: 0, left: 0, right: 960, bottom: 800, toJSON: () => ({}) });
    try {
      renderWithProviders(<CommunityPage />, { route: '/ai/community', auth: fakeAuth() });
      await screen.findByText('5 creation(s)');
      const grid = screen.getByTestId('gallery-grid');
      expect(grid).toHaveAttribute('data-columns', '4');
      const columns = within(grid).getAllByRole('list');
      expect(columns.map((column) => within(column).getAllByRole('img').map((img) => img.getAttribute('alt')))).toEqual([
        ['Prompt n1', 'Prompt n5'],
        ['Prompt n2'],
        ['Prompt n3'],
        ['Prompt n4'],
      ]);
    } finally {
      rect.mockRestore();
    }
  });
});
