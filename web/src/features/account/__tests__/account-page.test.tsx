import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { fakeAuth, jsonResponse, renderWithProviders } from '../../../testing/render.js';
import AccountPage from '../index.js';

type Call = [string, RequestInit];

/** GET /api/api-keys lists `keys`; every other call gets `reply`. */
function stubApi(reply: () => Response, keys: unknown[] = []) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/api-keys' && (init?.method ?? 'GET') === 'GET') return jsonResponse({ success: true, keys });
    return reply();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls that change something (everything but GETs). */
function sentCalls(fetchMock: ReturnType<typeof stubApi>): Call[] {
  return (fetchMock.mock.calls as unknown as Call[]).filter(([, init]) => (init?.method ?? 'GET') !== 'GET');
}

function renderPage() {
  const auth = fakeAuth();
  renderWithProviders(
    <>
      <AccountPage />
      <Toaster />
    </>,
    { auth, route: '/ai/account' },
  );
  return auth;
}

describe('AccountPage', () => {
  it('when the e-mail change is refused, then the server reason shows under the form', async () => {
    const fetchMock = stubApi(() => jsonResponse({ success: false, message: 'Your current password is not correct.' }, 400));
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const change = screen.getByRole('button', { name: 'Change e-mail' });
    expect(change).toBeDisabled();
    await user.type(screen.getByLabelText('New e-mail address'), 'ada.new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'nope nope nope');
    await user.click(change);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
    const [url, init] = sentCalls(fetchMock)[0];
    expect(url).toBe('/api/account/email');
    expect(JSON.parse(String(init.body))).toEqual({ newEmail: 'ada.new@example.com', currentPassword: 'nope nope nope' });
  });

  it('when deleting, then DELETE must be typed and the password given before anything is sent; then the user is signed out', async () => {
    const fetchMock = stubApi(() => jsonResponse({ success: true, message: 'Your account and everything in it have been deleted.' }));
    const user = userEvent.setup();
    const auth = renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete everything' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Current password'), 'correct horse battery');
    expect(sentCalls(fetchMock)).toEqual([]);
    await user.click(confirm);
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
    const [url, init] = sentCalls(fetchMock)[0];
    expect(url).toBe('/api/account');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ confirm: 'DELETE', currentPassword: 'correct horse battery' });
  });

  it('when a key is created, then it is shown once with a copy button; revoking asks first', async () => {
    const key = `cw_${'k'.repeat(43)}`;
    const listed = [{ id: 'k-1', name: 'nightly export', prefix: key.slice(0, 11), created_at: '2026-11-20T10:00:00Z', last_used_at: null }];
    const fetchMock = stubApi(() => jsonResponse({ success: true, key, apiKey: listed[0], message: 'API key revoked' }, 201), listed);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('nightly export')).toBeInTheDocument();
    expect(screen.getByText('never used', { exact: false })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'ci job');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(key);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(key);
    await user.click(screen.getByRole('button', { name: 'Revoke nightly export' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(sentCalls(fetchMock).map(([url, init]) => [url, init.method])).toEqual([['/api/api-keys', 'POST'], ['/api/api-keys/k-1', 'DELETE']]));
  });
});
