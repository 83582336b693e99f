import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../testing/render.js';
import { fill, renderTool, SCREEN_TEST_TIMEOUT_MS } from '../../../components/tool/__tests__/render-tool.js';
import RemoveBackgroundPage from '../../remove-background/index.js';
import RemoveObjectPage from '../../remove-object/index.js';
import { storageKey } from '../format.js';
import { batchView, formOf, image, stubFetch } from './batch-api-stub.js';

describe('batches on the tool pages', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('the batch is a closed, secondary section under the single-image form: nothing about batches is fetched until it is opened', async () => {
    const calls = stubFetch(() => undefined);
    const user = userEvent.setup();
    renderTool(<RemoveBackgroundPage />);
    const toggle = screen.getByRole('button', { name: 'Process many images' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Remove Background' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Images or a .zip for the batch')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/batches'))).toHaveLength(0);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Images or a .zip for the batch')).toHaveAttribute('accept', 'image/*,.zip,application/zip');
  });

  it('when a batch id is stored for the tool, then the page opens it where it stands, and Start a new batch forgets it', async () => {
    localStorage.setItem(storageKey('remove-background'), 'kept');
    const kept = batchView('kept', [
      { fileName: 'done.png', state: 'done', content: 'https://cdn.test/done.png' },
      { fileName: 'next.png', state: 'queued', queuePosition: 2 },
    ], { estimatedSecondsLeft: 150 });
    const calls = stubFetch((call) => (call.url === '/api/batches/kept' ? jsonResponse({ success: true, batch: kept }) : undefined));
    const user = userEvent.setup();
    renderTool(<RemoveBackgroundPage />);

    expect(await screen.findByText('1 of 2 done · about 3 min left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process many images' })).toHaveAttribute('aria-expanded', 'true');
    expect(calls.some((call) => call.url === '/api/batches/kept')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Start a new batch' }));
    expect(localStorage.getItem(storageKey('remove-background'))).toBeNull();
    expect(screen.getByRole('button', { name: 'Start batch' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('on Object Removal, the batch removes the object typed in the page field, and cannot start without one', async () => {
    const created = batchView('ob', [{ fileName: 'street.png', state: 'done', content: 'https://cdn.test/street.png' }], { object: 'car' }, 'remove-object');
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/batches') return jsonResponse({ success: true, batch: created }, 201);
      if (call.url === '/api/batches/ob') return jsonResponse({ success: true, batch: created });
      return undefined;
    });
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    await user.click(screen.getByRole('button', { name: 'Process many images' }));
    await user.upload(screen.getByLabelText('Images or a .zip for the batch'), [image('street.png')]);
    const start = screen.getByRole('button', { name: 'Start batch' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(/Type the object to remove/);

    await fill(user, screen.getByLabelText('Object to Remove'), 'car');
    expect(start).toBeEnabled();
    await user.click(start);

    expect(await screen.findByText('Finished: 1 of 1 done')).toBeInTheDocument();
    const form = formOf(calls.find((call) => call.method === 'POST' && call.url === '/api/batches')!);
    expect(form.get('tool')).toBe('remove-object');
    expect(form.get('object')).toBe('car');
    expect(form.get('mask')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Images in this batch' })).getByText('street.png')).toBeInTheDocument();
  });
});
