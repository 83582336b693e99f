import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { jsonResponse, testUser } from '../../../testing/render.js';
import { LocalAuthProvider } from '../../../features/auth/local-auth-provider.js';
import { SiteHeader } from '../site-header.js';

function renderHeader() {
  return render(
    <MemoryRouter>
      <LocalAuthProvider>
        <SiteHeader />
      </LocalAuthProvider>
    </MemoryRouter>,
  );
}

describe('SiteHeader while the session loads', () => {
  it('when a stored session is still being checked, then Get Started never shows before the user menu', async () => {
    localStorage.setItem('craftwell.session-token', 'tok-1');
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; }));
    vi.stubGlobal('fetch', fetchMock);
    renderHeader();
    expect(screen.getByTestId('session-pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Get Started/ })).not.toBeInTheDocument();
    // /api/me is on its way and unanswered: still no Get Started.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/me', expect.anything()));
    expect(screen.queryByRole('button', { name: /Get Started/ })).not.toBeInTheDocument();
    answer(jsonResponse({ success: true, user: testUser }));
    expect(await screen.findByRole('button', { name: /Open user menu/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Get Started/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('session-pending')).not.toBeInTheDocument();
  });

  it('when there is no stored session, then Get Started shows at once', () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false }, 404)));
    renderHeader();
    expect(screen.getByRole('button', { name: /Get Started/ })).toBeEnabled();
    expect(screen.queryByTestId('session-pending')).not.toBeInTheDocument();
  });

  it('when the stored session turns out invalid, then Get Started replaces the placeholder', async () => {
    localStorage.setItem('craftwell.session-token', 'expired');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401)));
    renderHeader();
    expect(screen.queryByRole('button', { name: /Get Started/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Get Started/ })).toBeInTheDocument();
  });
});
