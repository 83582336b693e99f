import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render.js';
import { BackgroundOptions } from '../background-options.js';

function stub() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/files/cutout.png'
      ? // The page's own Blob (jsdom's), as a browser's fetch would give.
        ({ ok: true, blob: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) } as unknown as Response)
      : new Response(new Uint8Array([1]), { headers: { 'Content-Disposition': 'attachment; filename="x.png"' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  return fetchMock;
}

/** The fields of the form posted to /api/images/background. */
function posted(fetchMock: ReturnType<typeof stub>, index = 0): Record<string, string> {
  const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/images/background') as unknown as Array<[string, RequestInit]>;
  const form = calls[index][1].body as FormData;
  return Object.fromEntries([...form.entries()].filter(([k]) => k !== 'image' && k !== 'background').map(([k, v]) => [k, String(v)]));
}

describe('BackgroundOptions', () => {
  it('when a colour and crop are chosen, then the cut-out is posted with them', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    renderWithProviders(<BackgroundOptions resultUrl="/files/cutout.png" />);
    await user.click(screen.getByLabelText('Colour'));
    expect(screen.getByLabelText('Background colour')).toHaveValue('#ffffff');
    await user.click(screen.getByLabelText('Crop to the subject'));
    await user.click(screen.getByRole('button', { name: 'Save with this background' }));
    await waitFor(() => expect(posted(fetchMock)).toEqual({ output: 'image', crop: 'true', square: 'false', colour: '#ffffff' }));
  });

  it('when the mask is asked for, then output=mask is sent; a picture background needs a file first', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    renderWithProviders(<BackgroundOptions resultUrl="/files/cutout.png" />);
    await user.click(screen.getByLabelText('Picture'));
    expect(screen.getByRole('button', { name: 'Save with this background' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Background picture'), new File(['x'], 'beach.png', { type: 'image/png' }));
    expect(screen.getByRole('button', { name: 'Save with this background' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save the mask alone' }));
    await waitFor(() => expect(posted(fetchMock)).toEqual({ output: 'mask', crop: 'false', square: 'false' }));
  });

  it('when the result was saved, then its id is sent instead of the image and the step comes back as a new creation, shown with its download', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/images/background'
        ? new Response(JSON.stringify({ success: true, content: '/files/results/step.png', creationId: 'c-step' }), { headers: { 'Content-Type': 'application/json' } })
        : new Response(new Uint8Array([1]), { headers: { 'Content-Disposition': 'attachment; filename="x.png"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BackgroundOptions resultUrl="/files/cutout.png" creationId="c-cut" />);
    await user.click(screen.getByLabelText('Colour'));
    await user.click(screen.getByRole('button', { name: 'Save with this background' }));
    expect(await screen.findByRole('img', { name: 'The saved result with its new background' })).toHaveAttribute('src', '/files/results/step.png');
    const form = (fetchMock.mock.calls.find(([url]) => url === '/api/images/background') as unknown as [string, RequestInit])[1].body as FormData;
    expect(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]))).toEqual({ source: 'c-cut', output: 'image', crop: 'false', square: 'false', colour: '#ffffff' });
    // The cut-out itself is not fetched again: the server has it.
    expect(fetchMock.mock.calls.some(([url]) => url === '/files/cutout.png')).toBe(false);
    expect(screen.getByText('Saved to your creations, made from this result.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/creations/c-step/download?format=png', expect.anything()));
    // The format step: the same saved creation as JPEG.
    await user.click(screen.getByRole('button', { name: 'Download JPG' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/creations/c-step/download?format=jpg', expect.anything()));
  });

  it('when square and a longest side are chosen, then they are sent; an empty size is left out', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    renderWithProviders(<BackgroundOptions resultUrl="/files/cutout.png" />);
    await user.click(screen.getByLabelText('Square'));
    await user.type(screen.getByLabelText(/Longest side/), '2000');
    await user.click(screen.getByRole('button', { name: 'Save with this background' }));
    await waitFor(() => expect(posted(fetchMock)).toEqual({ output: 'image', crop: 'false', square: 'true', size: '2000' }));
  });
});
