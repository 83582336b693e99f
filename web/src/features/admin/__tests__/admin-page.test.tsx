import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, jsonResponse, renderWithProviders, testUser } from '../../../testing/render.js';
import AdminPage from '../index.js';

const admin = { ...testUser, id: 'admin-1', isAdmin: true, plan: 'premium' as const };
const users = [
  { id: 'admin-1', name: 'Ada Lovelace', email: 'ada@example.com', plan: 'premium', is_admin: true, disabled_at: null, creations: 0, usage: {} },
  { id: 'u-2', name: 'Bob Member', email: 'bob@example.com', plan: 'free', is_admin: false, disabled_at: null, creations: 3, usage: { article: 4 } },
];

function stubApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') return jsonResponse({ success: true, message: 'Done' });
    if (url.startsWith('/api/admin/users?')) return jsonResponse({ success: true, period: '2026-11', total: 2, users });
    if (url === '/api/admin/queue') {
      return jsonResponse({ success: true, kind: 'bullmq', queues: [{ queue: 'text', waiting: 2, active: 1, failed: 1, delayed: 0, completed: 9 }], failed: [{ id: 'text-1', queue: 'text', name: 'article', status: 504, message: 'This took too long', failedAt: null, attemptsMade: 2 }] });
    }
    if (url.startsWith('/api/admin/gallery')) return jsonResponse({ success: true, total: 1, items: [{ id: 'c-1', prompt: 'a lighthouse', content: '/files/x.png', user_name: 'Bob Member', likes: 2, created_at: '2026-11-20T10:00:00Z' }] });
    if (url.startsWith('/api/admin/audit')) return jsonResponse({ success: true, entries: [{ id: 1, action: 'sign-in', actor_name: 'Bob Member', actor_email: 'bob@example.com', target_name: null, target: null, detail: null, ip: '10.0.0.7', user_agent: 'Firefox', created_at: '2026-11-20T10:00:00Z' }] });
    return jsonResponse({ success: true, message: 'Done' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('AdminPage', () => {
  it('when the user is not an administrator, then the page says so and asks the api nothing', () => {
    const fetchMock = stubApi();
    renderWithProviders(<AdminPage />, { auth: fakeAuth() });
    expect(screen.getByText('Administrators only')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when an administrator opens it, then users with usage, the queue, the gallery and the audit log show', async () => {
    stubApi();
    renderWithProviders(<AdminPage />, { auth: fakeAuth({ user: admin }) });
    const bobRow = await screen.findByTestId('admin-user-bob@example.com');
    expect(within(bobRow).getByText('Articles: 4')).toBeInTheDocument();
    expect(within(bobRow).getByLabelText('Plan of Bob Member')).toHaveValue('free');
    // No disable button for oneself.
    expect(within(screen.getByTestId('admin-user-ada@example.com')).queryByRole('button')).not.toBeInTheDocument();
    expect(await screen.findByText('This took too long')).toBeInTheDocument();
    expect(screen.getByText('504')).toBeInTheDocument();
    expect(within(screen.getByTestId('queue-text')).getByText('9')).toBeInTheDocument();
    expect(await screen.findByText('a lighthouse')).toBeInTheDocument();
    expect(await screen.findByText('10.0.0.7')).toBeInTheDocument();
    expect(screen.getByText('Signed in')).toBeInTheDocument();
  });

  it('when the plan is changed or an account disabled, then the matching admin call is sent', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<AdminPage />, { auth: fakeAuth({ user: admin }) });
    const bobRow = await screen.findByTestId('admin-user-bob@example.com');
    await user.selectOptions(within(bobRow).getByLabelText('Plan of Bob Member'), 'premium');
    await user.click(within(bobRow).getByRole('button', { name: 'Disable Bob Member' }));
    await user.click(await screen.findByRole('button', { name: 'Unpublish a lighthouse' }));
    await waitFor(() => {
      const posts = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);
      expect(posts).toEqual([
        ['/api/admin/users/u-2/plan', { plan: 'premium' }],
        ['/api/admin/users/u-2/disabled', { disabled: true }],
        ['/api/admin/creations/c-1/unpublish', {}],
      ]);
    });
  });
});
