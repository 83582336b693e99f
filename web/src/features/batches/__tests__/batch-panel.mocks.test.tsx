import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../testing/render.js';
import { BatchPanel } from '../batch-panel.js';
import { storageKey } from '../format.js';
import { BATCH_POLL_MS } from '../use-batch.js';
import { batchView, bigImage, formOf, headerOf, image, stubFetch, type Call } from './batch-api-stub.js';

// Downloads go through the shared authenticated helper (bearer token, saved as a file).
const downloads = vi.hoisted(() => ({ downloadFromApi: vi.fn(async () => 'craftwell-batch-b1.zip') }));
vi.mock('../../../lib/api-download.js', () => downloads);

const MB = 1024 * 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isPost = (call: Call, url: string) => call.method === 'POST' && call.url === url;
const polls = (calls: Call[], id: string) => calls.filter((call) => call.method === 'GET' && call.url === `/api/batches/${id}`);

function chooseFiles(user: ReturnType<typeof userEvent.setup>, files: File[]) {
  return user.upload(screen.getByLabelText('Images or a .zip for the batch'), files);
}

describe('batch panel', () => {
  it('when 3 images are started, then one POST carries the tool and three images, polls follow and Download all appears once they are done', async () => {
    const files = [image('a.png'), image('b.png'), image('c.jpg', 1024, 'image/jpeg')];
    const queued = batchView('b1', files.map((file) => ({ fileName: file.name, state: 'queued' as const, queuePosition: 1 })));
    const done = batchView('b1', files.map((file, i) => ({ fileName: file.name, state: 'done' as const, content: `https://cdn.test/r${i}.png` })));
    const calls = stubFetch((call) => {
      if (isPost(call, '/api/batches')) return jsonResponse({ success: true, batch: queued }, 201);
      if (call.url === '/api/batches/b1') return jsonResponse({ success: true, batch: done });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BatchPanel tool="remove-background" />);

    await chooseFiles(user, files);
    expect(screen.getByTestId('batch-selection')).toHaveTextContent('3 images chosen');
    await user.click(screen.getByRole('button', { name: 'Start batch' }));

    expect(await screen.findByText('Finished: 3 of 3 done')).toHaveAttribute('role', 'status');
    const creates = calls.filter((call) => isPost(call, '/api/batches'));
    expect(creates).toHaveLength(1);
    const form = formOf(creates[0]);
    expect(form.get('tool')).toBe('remove-background');
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png', 'c.jpg']);
    expect(form.get('zip')).toBeNull();
    expect(headerOf(creates[0], 'Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);

    await user.click(screen.getByRole('button', { name: 'Download all' }));
    expect(downloads.downloadFromApi).toHaveBeenCalledWith('/api/batches/b1/download', 'craftwell-batch.zip');
    expect(screen.getByRole('img', { name: 'Result for b.png' })).toHaveAttribute('src', 'https://cdn.test/r1.png');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKey('remove-background'))).toBe('b1');

    // Everything is over: no more polls.
    const polled = polls(calls, 'b1').length;
    expect(polled).toBe(1);
    await pause(BATCH_POLL_MS + 300);
    expect(polls(calls, 'b1')).toHaveLength(polled);
  });

  it('while items are queued and running, then their place in line and progress show, with a summary and time left', async () => {
    const running = batchView('b2', [
      { fileName: 'one.png', state: 'done', content: 'https://cdn.test/1.png' },
      { fileName: 'two.png', state: 'active', progress: 40 },
      { fileName: 'three.png', state: 'queued', queuePosition: 3 },
      { fileName: 'four.png', state: 'refused', code: 'bad_request', message: 'Same image as one.png.' },
    ], { estimatedSecondsLeft: 180 });
    localStorage.setItem(storageKey('remove-background'), 'b2');
    stubFetch((call) => (call.url === '/api/batches/b2' ? jsonResponse({ success: true, batch: running }) : undefined));
    renderWithProviders(<BatchPanel tool="remove-background" />);

    expect(await screen.findByText('1 of 4 done · 1 refused · about 3 min left')).toBeInTheDocument();
    const rows = screen.getAllByTestId('batch-item');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['done', 'active', 'queued', 'refused']);
    expect(within(rows[1]).getByText('40%')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Position 3 in line')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Same image as one.png.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Batch progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download all' })).toBeInTheDocument();
  });

  it('when the server answers 402, then its message shows and nothing is started or polled', async () => {
    const calls = stubFetch((call) =>
      isPost(call, '/api/batches')
        ? jsonResponse({ success: false, code: 'quota_exceeded', message: 'You have 2 runs of Background Removal left this month; this batch has 3 images.' }, 402)
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<BatchPanel tool="remove-background" />);
    await chooseFiles(user, [image('a.png'), image('b.png'), image('c.png')]);
    await user.click(screen.getByRole('button', { name: 'Start batch' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have 2 runs of Background Removal left this month; this batch has 3 images.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    expect(localStorage.getItem(storageKey('remove-background'))).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start batch' })).toBeEnabled();
    await pause(BATCH_POLL_MS + 200);
    expect(calls.filter((call) => call.url.startsWith('/api/batches/'))).toHaveLength(0);
    expect(calls.filter((call) => isPost(call, '/api/batches'))).toHaveLength(1);
  });

  it('when Cancel is pressed, then POST /api/batches/:id/cancel is sent and the cancelled batch shows without Cancel', async () => {
    const running = batchView('b3', [
      { fileName: 'a.png', state: 'active', progress: 10 },
      { fileName: 'b.png', state: 'queued', queuePosition: 1 },
    ]);
    const cancelled = batchView('b3', [
      { fileName: 'a.png', state: 'cancelled', code: 'cancelled', message: 'Cancelled before it finished.' },
      { fileName: 'b.png', state: 'cancelled', code: 'cancelled', message: 'Cancelled before it started.' },
    ], { cancelled: true });
    localStorage.setItem(storageKey('remove-background'), 'b3');
    const calls = stubFetch((call) => {
      if (isPost(call, '/api/batches/b3/cancel')) return jsonResponse({ success: true, batch: cancelled });
      if (call.url === '/api/batches/b3') return jsonResponse({ success: true, batch: running });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BatchPanel tool="remove-background" />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Finished: 0 of 2 done · 2 cancelled')).toBeInTheDocument();
    expect(calls.filter((call) => isPost(call, '/api/batches/b3/cancel'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByText('Cancelled before it started.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download all' })).not.toBeInTheDocument();
  });

  it('when the selection passes 40 MB, then the first chunk creates the batch and the rest goes to /items, with upload progress by bytes sent', async () => {
    const files = [bigImage('a.png', 15 * MB), bigImage('b.png', 15 * MB), bigImage('c.png', 15 * MB)];
    const first = batchView('b4', [{ fileName: 'a.png', state: 'queued' }, { fileName: 'b.png', state: 'queued' }]);
    const all = batchView('b4', files.map((file) => ({ fileName: file.name, state: 'done' as const, content: `https://cdn.test/${file.name}` })));
    let releaseItems!: () => void;
    const itemsSent = new Promise<void>((resolve) => (releaseItems = resolve));
    const calls = stubFetch(async (call) => {
      if (isPost(call, '/api/batches')) return jsonResponse({ success: true, batch: first }, 201);
      if (isPost(call, '/api/batches/b4/items')) {
        await itemsSent;
        return jsonResponse({ success: true, batch: all });
      }
      if (call.url === '/api/batches/b4') return jsonResponse({ success: true, batch: all });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BatchPanel tool="remove-background" />);
    await chooseFiles(user, files);
    await user.click(screen.getByRole('button', { name: 'Start batch' }));

    // By bytes: the first request's 30 MB sent, and half of the second's 15 MB (of 45 MB in all).
    expect(await screen.findByText('Uploading 2 of 2… 83%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '83');
    releaseItems();
    expect(await screen.findByText('Finished: 3 of 3 done')).toBeInTheDocument();
    const create = calls.filter((call) => isPost(call, '/api/batches'));
    const items = calls.filter((call) => isPost(call, '/api/batches/b4/items'));
    expect(create).toHaveLength(1);
    expect(items).toHaveLength(1);
    expect(formOf(create[0]).getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    expect(formOf(create[0]).get('tool')).toBe('remove-background');
    expect(formOf(items[0]).getAll('images').map((file) => (file as File).name)).toEqual(['c.png']);
    expect(formOf(items[0]).get('tool')).toBeNull();
  });

  it('when a .zip is chosen, then it is sent alone in the field zip', async () => {
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'photos.zip', { type: 'application/zip' });
    const calls = stubFetch((call) =>
      isPost(call, '/api/batches') ? jsonResponse({ success: false, code: 'bad_request', message: 'That zip holds no images.' }, 400) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<BatchPanel tool="remove-background" />);
    await chooseFiles(user, [zip]);
    expect(screen.getByTestId('batch-selection')).toHaveTextContent('1 .zip chosen');
    await user.click(screen.getByRole('button', { name: 'Start batch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That zip holds no images.');
    const form = formOf(calls.find((call) => isPost(call, '/api/batches'))!);
    expect((form.get('zip') as File).name).toBe('photos.zip');
    expect(form.getAll('images')).toHaveLength(0);
  });

  it('when more than 100 images are chosen, then Start stays disabled and says why', async () => {
    const calls = stubFetch(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<BatchPanel tool="remove-background" />);
    await chooseFiles(user, Array.from({ length: 101 }, (_, i) => image(`p${i}.png`, 16)));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 100 images (you chose 101).');
    expect(screen.getByRole('button', { name: 'Start batch' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('when a stored batch is gone (404), then the id is forgotten and the chooser shows again', async () => {
    localStorage.setItem(storageKey('remove-background'), 'gone');
    stubFetch((call) => (call.url === '/api/batches/gone' ? jsonResponse({ success: false, code: 'not_found', message: 'That batch does not exist.' }, 404) : undefined));
    renderWithProviders(<BatchPanel tool="remove-background" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('That batch does not exist.');
    expect(localStorage.getItem(storageKey('remove-background'))).toBeNull();
    expect(screen.getByRole('button', { name: 'Start batch' })).toBeInTheDocument();
  });

  it('lists the last 5 batches of this tool only, and Open shows the chosen one', async () => {
    const summaries = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `bg${i}`, tool: 'remove-background', createdAt: `2026-11-2${i}T10:00:00.000Z`, cancelled: false, counts: { queued: 0, active: 0, done: i + 1, failed: 0, cancelled: 0, refused: 0 } })),
      { id: 'ob1', tool: 'remove-object', object: 'car', createdAt: '2026-11-27T10:00:00.000Z', cancelled: false, counts: { queued: 0, active: 0, done: 9, failed: 0, cancelled: 0, refused: 0 } },
    ];
    const opened = batchView('bg0', [{ fileName: 'old.png', state: 'done', content: 'https://cdn.test/old.png' }]);
    const calls = stubFetch((call) => {
      if (call.url === '/api/batches' && call.method === 'GET') return jsonResponse({ success: true, batches: summaries });
      if (call.url === '/api/batches/bg0') return jsonResponse({ success: true, batch: opened });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<BatchPanel tool="remove-background" />);
    const recent = await screen.findByRole('region', { name: 'Recent batches' });
    const rows = within(recent).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(within(recent).queryByText(/car/)).not.toBeInTheDocument();
    await user.click(within(rows[0]).getByRole('button', { name: /^Open the batch of/ }));
    expect(await screen.findByText('Finished: 1 of 1 done')).toBeInTheDocument();
    expect(localStorage.getItem(storageKey('remove-background'))).toBe('bg0');
    expect(polls(calls, 'bg0')).toHaveLength(1);
  });
});
