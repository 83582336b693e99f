import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeAuth, jsonResponse, renderWithProviders } from '../../../testing/render.js';
import CommunityPage from '../index.js';

describe('CommunityPage paging', () => {
  it('when the end of the grid comes into view, then the next page is fetched with the cursor and appended', async () => {
    let onIntersect: IntersectionObserverCallback = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          onIntersect = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const cursor = url.searchParams.get('cursor');
      const page = cursor === 'page-2' ? [{ id: 'c3', prompt: 'Third', content: '/files/3.png', likes: [] }] : [
        { id: 'c1', prompt: 'First', content: '/files/1.png', likes: [] },
        { id: 'c2', prompt: 'Second', content: '/files/2.png', likes: [] },
      ];
      return jsonResponse({ success: true, creations: page, nextCursor: cursor ? null : 'page-2' });
    });
    vi.stubGlobal('fetch', fetchMock);

    renderWithProviders(<CommunityPage />, { route: '/ai/community', auth: fakeAuth() });
    expect(await screen.findByText('2 creation(s)')).toBeInTheDocument();

    await act(async () => onIntersect([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));

    await waitFor(() => expect(screen.getByText('3 creation(s)')).toBeInTheDocument());
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls[1]).toContain('cursor=page-2');
    expect(screen.getAllByTestId('gallery-card')).toHaveLength(3);
  });
});
