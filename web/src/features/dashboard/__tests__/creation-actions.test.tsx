import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { jsonResponse, renderWithProviders } from '../../../testing/render.js';
import { CreationActions } from '../components/creation-actions.js';
import { DashboardView } from '../components/dashboard-view.js';
import { useCreationChanges } from '../use-creation-changes.js';
import { useInputImage } from '../../../components/tool/use-input-image.js';
import type { Creation } from '../creation-stats.js';

const image: Creation = { id: 'c-img', type: 'image', prompt: 'A red fox', content: '/files/results/2026/11/fox.png', publish: true };
const article: Creation = { id: 'c-art', type: 'article', prompt: 'Write an article about tea', content: '# Tea\n\nWarm.' };

/** Stands in for an image tool: records the file it was handed. */
function Probe() {
  useInputImage((file, sourceId) => document.body.setAttribute('data-picked', `${file.name}:${file.type}:${sourceId}`));
  return <p>Image tool</p>;
}

function Dashboard({ creations }: { creations: Creation[] }) {
  const { creations: shown, apply } = useCreationChanges(creations);
  return <DashboardView creations={shown} loading={false} isPremium={false} onCreationChange={apply} />;
}

describe('CreationActions', () => {
  it('when the owner confirms a delete, then DELETE is sent and the card leaves the list', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, message: 'Creation deleted' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard creations={[image, article]} />);
    expect(screen.getByText('2 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /A red fox/ }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Delete creation' }));
    await waitFor(() => expect(screen.getByText('1 item')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith('/api/creations/c-img', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByText('A red fox')).not.toBeInTheDocument();
  });

  it('when a delete is refused, then the server message shows and the card stays', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, message: 'That creation does not exist or is not yours.' }, 404)));
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Dashboard creations={[image]} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /A red fox/ }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete creation' }));
    expect(await screen.findByText('That creation does not exist or is not yours.')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it('when a published image is unpublished, then the button goes away', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, message: 'Removed from the community gallery' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<Dashboard creations={[image]} />);
    await user.click(screen.getByRole('button', { name: /A red fox/ }));
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith('/api/creations/c-img/unpublish', expect.objectContaining({ method: 'POST' }));
  });

  it('when a text creation is copied or downloaded as Word, then the content and the docx route are used', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['docx']), { headers: { 'Content-Disposition': 'attachment; filename="article-tea-1.docx"' } }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CreationActions creation={article} />);
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toBe('# Tea\n\nWarm.');
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Word' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/creations/c-art/download?format=docx', expect.anything()));
  });

  it('when "Remove its background" is chosen, then the tool opens with the image already chosen and knows which creation it came from', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })));
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/ai" element={<CreationActions creation={image} />} />
        <Route path="/ai/remove-background" element={<Probe />} />
      </Routes>,
      { route: '/ai' },
    );
    await user.click(screen.getByRole('button', { name: 'Remove its background' }));
    // (jsdom's File does not read a fetched Blob's bytes, so only the name and type are checked here;
    // the browser test checks the real picture arrives.)
    await waitFor(() => expect(document.body.getAttribute('data-picked')).toBe('creation-c-img.png:image/png:c-img'));
  });
});
