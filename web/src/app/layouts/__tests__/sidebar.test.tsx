import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, testUser } from '../../../testing/render.js';
import { Sidebar } from '../sidebar.js';

function renderSidebar(route: string, isPremium = false) {
  const handlers = { onNavigate: vi.fn(), onOpenProfile: vi.fn(), onSignOut: vi.fn() };
  renderWithProviders(<Sidebar user={testUser} isPremium={isPremium} open {...handlers} />, { route });
  return handlers;
}

const link = (name: string) => screen.getByRole('link', { name });

describe('Sidebar', () => {
  it('when on /ai, then only Dashboard is current', () => {
    renderSidebar('/ai');
    expect(link('Dashboard')).toHaveAttribute('aria-current', 'page');
    expect(link('Community')).not.toHaveAttribute('aria-current');
  });

  it('when on a tool route, then Dashboard is not current (exact match only) and the tool is', () => {
    renderSidebar('/ai/write-article');
    expect(link('Dashboard')).not.toHaveAttribute('aria-current');
    expect(link('Write Article')).toHaveAttribute('aria-current', 'page');
  });

  it('lists the eight items in order', () => {
    renderSidebar('/ai');
    const names = screen.getAllByRole('link').map((node) => node.textContent);
    expect(names).toEqual(['Dashboard', 'Write Article', 'Blog Titles', 'Generate Images', 'Remove Background', 'Remove Object', 'Review Resume', 'Community']);
  });

  it('when an item is chosen, then it asks to close the drawer', async () => {
    const handlers = renderSidebar('/ai');
    await userEvent.click(link('Community'));
    expect(handlers.onNavigate).toHaveBeenCalled();
  });

  it('shows the plan badge and wires the profile and sign-out buttons', async () => {
    const handlers = renderSidebar('/ai', true);
    expect(screen.getAllByText(testUser.name).length).toBe(2);
    expect(screen.getByText('Premium')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Open account profile/ }));
    expect(handlers.onOpenProfile).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(handlers.onSignOut).toHaveBeenCalled();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Sign out');
  });

  it('when the user is on the free plan, then the badge reads Free', () => {
    renderSidebar('/ai');
    expect(screen.getByText('Free')).toBeInTheDocument();
  });
});
