import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context.js';
import { fakeAuth, jsonResponse } from '../../../testing/render.js';
import LandingPage from '../index.js';

function renderLanding(auth: AuthContextValue) {
  const router = createMemoryRouter(
    [
      { path: '/', Component: LandingPage },
      { path: '/ai/*', Component: () => <p>Signed-in area</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

describe('LandingPage', () => {
  it('shows the spec claims: trust line, three rated testimonials, plan heading and footer labels', () => {
    renderLanding(fakeAuth({ user: null }));
    expect(screen.getByText('Trusted by 10k+ people')).toBeInTheDocument();
    expect(screen.getByText('Loved by Creators').tagName).toBe('H2');
    // Attribute queries instead of role queries: the landing DOM is large and role queries are slow in jsdom.
    expect(Array.from(document.querySelectorAll('[role="img"][aria-label^="Rated"]'), (node) => node.getAttribute('aria-label'))).toEqual([
      'Rated 5 out of 5',
      'Rated 4 out of 5',
      'Rated 5 out of 5',
    ]);
    expect(screen.getByText('Choose Your Plan').tagName).toBe('H2');
    expect(screen.getByText('Start for free and scale up as you grow. Find the perfect plan for your content creation needs.')).toBeInTheDocument();
    expect(screen.getByText('EST. 2025')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    expect(screen.getByText(/10,000\+ subscribers/)).toBeInTheDocument();
    for (const [name, href] of [['About', '/about'], ['Pricing', '/pricing'], ['Contact', '/contact']]) {
      expect(screen.getByText(name, { selector: 'a' })).toHaveAttribute('href', href);
    }
  });

  it('when signed out, then Get Started opens sign-in and tool cards do nothing', async () => {
    const auth = fakeAuth({ user: null });
    const router = renderLanding(auth);
    await userEvent.click(screen.getByText('Get Started').closest('button')!);
    expect(auth.openSignIn).toHaveBeenCalled();
    await userEvent.click(screen.getByText('AI Article Writer').closest('button')!);
    expect(router.state.location.pathname).toBe('/');
  });

  it('when signed in, then a tool card goes to its tool and the header shows the user menu', async () => {
    const router = renderLanding(fakeAuth());
    expect(screen.getByText('User menu')).toBeInTheDocument();
    expect(screen.queryByText('Get Started')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Background Removal').closest('button')!);
    expect(router.state.location.pathname).toBe('/ai/remove-background');
  });

  it('while a stored session is still being checked, then the tool cards wait (disabled) instead of dropping the click', () => {
    renderLanding(fakeAuth({ user: null, isLoaded: false }));
    expect(screen.getByText('AI Article Writer').closest('button')).toBeDisabled();
  });

  it('when Start creating now is clicked, then it goes to /ai', async () => {
    const router = renderLanding(fakeAuth({ user: null }));
    await userEvent.click(screen.getByText('Start creating now').closest('button')!);
    expect(router.state.location.pathname).toBe('/ai');
  });

  it('when an e-mail is submitted to the newsletter, then it is posted and the reply toasted', async () => {
    const success = vi.spyOn(toast, 'success');
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, message: 'Thanks for subscribing!' }));
    vi.stubGlobal('fetch', fetchMock);
    renderLanding(fakeAuth({ user: null }));
    const input = screen.getByPlaceholderText('Enter your email address');
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, 'reader@example.com');
    await userEvent.click(screen.getByText('Subscribe').closest('button')!);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Thanks for subscribing!'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'reader@example.com' });
    expect(input).toHaveValue('');
  });
});
