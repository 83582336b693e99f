import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { fakeAuth, jsonResponse, renderWithProviders } from '../../../testing/render.js';
import AccountPage from '../index.js';

afterEach(() => vi.unstubAllGlobals());

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
    const fetchMock = vi.fn(async () => jsonResponse({ success: false, message: 'Your current password is not correct.' }, 400));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const change = screen.getByRole('button', { name: 'Change e-mail' });
    expect(change).toBeDisabled();
    await user.type(screen.getByLabelText('New e-mail address'), 'ada.new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'nope nope nope');
    await user.click(change);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/email');
    expect(JSON.parse(String(init.body))).toEqual({ newEmail: 'ada.new@example.com', currentPassword: 'nope nope nope' });
  });

  it('when deleting, then DELETE must be typed and the password given before anything is sent; then the user is signed out', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, message: 'Your account and everything in it have been deleted.' }));
    vi.stubGlobal('fetch', fetchMock);
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
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(confirm);
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ confirm: 'DELETE', currentPassword: 'correct horse battery' });
  });
});
