import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, renderWithProviders } from '../../../testing/render.js';
import { LocalUserMenu } from '../components/user-menu.js';

describe('LocalUserMenu', () => {
  it('when opened, then arrow keys move between items and Escape returns focus to the button', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderWithProviders(<LocalUserMenu />, { auth });
    const button = screen.getByRole('button', { name: 'Open user menu' });
    await user.click(button);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual(['Dashboard', 'Manage account', 'Account settings', 'Sign out']);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('when Manage account is chosen, then the profile opens', async () => {
    const auth = fakeAuth();
    renderWithProviders(<LocalUserMenu />, { auth });
    await userEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Manage account' }));
    expect(auth.openProfile).toHaveBeenCalled();
  });
});
