import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render.js';
import { CreationActions } from '../../dashboard/components/creation-actions.js';
import { ShareLinksSection } from '../share-links-section.js';
import type { Creation } from '../../dashboard/creation-stats.js';

const article: Creation = { id: 'c-art', type: 'article', prompt: 'Write an article about tea', content: '# Tea\n\nWarm.' };
const url = 'http://localhost/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('share links', () => {
  it('when the owner picks an expiry and a password and creates a link, then it is sent and the link is shown to copy', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, content: { id: 'l1', url, expiresAt: '2026-12-05T10:00:00.000Z', hasPassword: true, createdAt: '2026-11-28T10:00:00.000Z' } }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<CreationActions creation={article} />);
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link' });
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'In 30 days');
    await user.type(within(dialog).getByLabelText('Password (optional)'), 'open sesame');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByTestId('share-link-url')).toHaveTextContent(url);
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/creations/c-art/share-links');
    expect(JSON.parse(String(init.body))).toEqual({ expiresInDays: 30, password: 'open sesame' });
  });

  it('when the server refuses, then its message shows in the dialog', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, message: 'That creation does not exist or is not yours.' }, 404)));
    const user = userEvent.setup();
    renderWithProviders(<CreationActions creation={article} />);
    await user.click(screen.getByRole('button', { name: 'Share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link' });
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'Never');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That creation does not exist or is not yours.');
  });

  it('when the owner revokes a listed link, then DELETE is sent and the list reloads', async () => {
    let links = [{ id: 'l1', creationType: 'article', creationPrompt: 'Write an article about tea', expiresAt: null, expired: false, hasPassword: false, createdAt: '2026-11-28T10:00:00.000Z' }];
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        links = [];
        return jsonResponse({ success: true, message: 'Share link revoked' });
      }
      return jsonResponse({ success: true, links });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ShareLinksSection />);
    await user.click(await screen.findByRole('button', { name: 'Revoke the link to Write an article about tea' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(screen.getByText('No share links yet.')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith('/api/share-links/l1', expect.objectContaining({ method: 'DELETE' }));
  });
});
