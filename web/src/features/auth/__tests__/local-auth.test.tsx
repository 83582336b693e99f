import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/auth-context.js';
import { jsonResponse, testUser } from '../../../testing/render.js';
import { LocalAuthProvider } from '../local-auth-provider.js';

function Probe() {
  const { user, isLoaded, openSignIn } = useCurrentUser();
  return (
    <div>
      <p data-testid="state">{!isLoaded ? 'loading' : user ? `signed in as ${user.name}` : 'signed out'}</p>
      <button type="button" onClick={openSignIn}>
        Get Started
      </button>
    </div>
  );
}

function renderAuth() {
  return render(
    <MemoryRouter>
      <LocalAuthProvider>
        <Probe />
      </LocalAuthProvider>
    </MemoryRouter>,
  );
}

const authHeaderOf = (init?: RequestInit) => new Headers(init?.headers).get('Authorization');

describe('local auth adapter', () => {
  it('when sign-in is refused, then the server message shows; when it succeeds, the token is kept and the user loaded', async () => {
    let attempts = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/auth/sign-in/email') {
        attempts += 1;
        return attempts === 1 ? jsonResponse({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 401) : jsonResponse({ token: 'tok-1', user: testUser });
      }
      if (url === '/api/me') {
        return authHeaderOf(init) === 'Bearer tok-1' ? jsonResponse({ success: true, user: testUser }) : jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401);
      }
      return jsonResponse({ success: false }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAuth();
    expect(screen.getByTestId('state')).toHaveTextContent('signed out');

    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Craftwell' });
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getAllByRole('button', { name: 'Sign in' }).find((b) => b.getAttribute('type') === 'submit')!);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(dialog).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Sign in' }).find((b) => b.getAttribute('type') === 'submit')!);
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(`signed in as ${testUser.name}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('craftwell.session-token')).toBe('tok-1');
    const meCall = fetchMock.mock.calls.find(([url]) => url === '/api/me');
    expect(authHeaderOf(meCall?.[1])).toBe('Bearer tok-1');
  });

  it('when the stored token is no longer valid, then it is dropped and the user is signed out', async () => {
    localStorage.setItem('craftwell.session-token', 'stale');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401)));
    renderAuth();
    expect(screen.getByTestId('state')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('signed out'));
    expect(localStorage.getItem('craftwell.session-token')).toBeNull();
  });

  it('when the server answers 503 (an outage), then the token is kept and the user loads once it is back', async () => {
    localStorage.setItem('craftwell.session-token', 'tok-1');
    let outage = true;
    vi.stubGlobal('fetch', vi.fn(async () => (outage
      ? jsonResponse({ success: false, message: 'The database is unavailable right now. Please try again in a moment.' }, 503)
      : jsonResponse({ success: true, user: testUser }))));
    renderAuth();
    await new Promise((r) => setTimeout(r, 300));
    expect(localStorage.getItem('craftwell.session-token')).toBe('tok-1');
    expect(screen.getByTestId('state')).not.toHaveTextContent('signed in');
    outage = false;
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent(`signed in as ${testUser.name}`), { timeout: 8000 });
    expect(localStorage.getItem('craftwell.session-token')).toBe('tok-1');
  }, 15_000);

  it('when the dialog is open, then Escape closes it and focus returns to the opener', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false }, 404)));
    const user = userEvent.setup();
    renderAuth();
    const opener = screen.getByRole('button', { name: 'Get Started' });
    await user.click(opener);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
