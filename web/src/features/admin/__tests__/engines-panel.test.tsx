import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render.js';
import { EnginesPanel, type InstallableEngine } from '../components/engines-panel.js';

const migan = (fields: Partial<InstallableEngine>): InstallableEngine => ({
  name: 'migan', label: 'MI-GAN', description: 'MI-GAN inpainting pipeline', approxSize: '28 MB', checksum: 'announced',
  state: 'available', received: 0, total: null, sha256: null, error: null, inUse: false, ...fields,
});

/** The api's answers in order: each GET gets the next state of the engine, the last one repeats. */
function stubApi(states: InstallableEngine[]) {
  let round = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST' || init?.method === 'DELETE') return jsonResponse({ success: true, message: `${init.method} ${url}` });
    const state = states[Math.min(round++, states.length - 1)]!;
    return jsonResponse({ success: true, installable: [state], bundled: [{ label: 'ISNet background removal (medium model)', tool: 'remove-background', bytes: 88_188_479 }] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('EnginesPanel', () => {
  it('installs with a progress bar that follows the download, then shows the engine in use and removes it', async () => {
    const fetchMock = stubApi([
      migan({}),
      migan({ state: 'downloading', received: 14 * 1024 * 1024, total: 28 * 1024 * 1024 }),
      migan({ state: 'installed', received: 28 * 1024 * 1024, total: 28 * 1024 * 1024, sha256: 'ab'.repeat(32), inUse: true }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<EnginesPanel onChanged={() => undefined} />);
    expect(await screen.findByText('84 MB')).toBeInTheDocument(); // the bundled model's size
    await user.click(await screen.findByRole('button', { name: 'Install MI-GAN' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/engines/migan/install', expect.objectContaining({ method: 'POST' }));
    const bar = await screen.findByRole('progressbar', { name: 'Installing MI-GAN' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('14 MB of 28 MB')).toBeInTheDocument();
    // The panel polls by itself while the download runs.
    expect(await screen.findByText('In use', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove MI-GAN' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/admin/engines/migan', expect.objectContaining({ method: 'DELETE' })));
  });

  it('when an install failed, then its reason shows and it can be tried again', async () => {
    stubApi([migan({ state: 'failed', error: 'Checksum mismatch for migan: expected a, got b.' })]);
    renderWithProviders(<EnginesPanel onChanged={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Checksum mismatch for migan');
    expect(screen.getByRole('button', { name: 'Install MI-GAN' })).toBeInTheDocument();
  });
});
