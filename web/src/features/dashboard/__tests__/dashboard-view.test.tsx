import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render.js';
import { formatCreationDate } from '../components/creation-card.js';
import { DashboardView, groupByBatch } from '../components/dashboard-view.js';
import type { Creation } from '../creation-stats.js';

const now = Date.now();
const article: Creation = { id: 1, type: 'article', prompt: 'Write an article about tea', content: '# Tea\n\nA **warm** drink.', created_at: new Date(now - 86_400_000).toISOString() };
const image: Creation = { id: 2, type: 'image', prompt: 'A red fox in snow', content: '/files/fox.png', created_at: new Date(now - 10 * 86_400_000).toISOString() };

describe('DashboardView', () => {
  it('when loading, then it shows the loading text', () => {
    renderWithProviders(<DashboardView creations={[]} loading isPremium={false} />);
    expect(screen.getByText('Loading your creations...')).toBeInTheDocument();
  });

  it('when there are no creations, then the stat texts and empty state are the empty ones', () => {
    renderWithProviders(<DashboardView creations={[]} loading={false} isPremium={false} />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('stat-plan')).toHaveTextContent('Free');
    expect(screen.getByTestId('stat-week')).toHaveTextContent('No new creations');
    expect(screen.getByTestId('stat-productivity')).toHaveTextContent('Getting Started');
    expect(screen.getByTestId('stat-total')).not.toHaveTextContent('All time');
    expect(screen.getByText('Ready to Create?')).toBeInTheDocument();
    expect(screen.queryByText('Quick Stats')).not.toBeInTheDocument();
  });

  it('when there are creations, then stats, quick stats and the encouragement box show', () => {
    renderWithProviders(<DashboardView creations={[article, image]} loading={false} isPremium />);
    expect(screen.getByTestId('stat-total')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-total')).toHaveTextContent('All time');
    expect(screen.getByTestId('stat-plan')).toHaveTextContent('Premium');
    expect(screen.getByTestId('stat-week')).toHaveTextContent('1 new');
    expect(screen.getByTestId('stat-productivity')).toHaveTextContent('Active');
    expect(screen.getByText('2 items')).toBeInTheDocument();
    const quick = screen.getByText('Average per week').closest('dl')!;
    expect(within(quick).getByText('1')).toBeInTheDocument();
    expect(within(quick).getByText('Today')).toBeInTheDocument();
    expect(screen.getByText('Keep Creating!')).toBeInTheDocument();
  });

  it('when a card is clicked, then it toggles the markdown or the image', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DashboardView creations={[article, image]} loading={false} isPremium={false} />);

    const articleToggle = screen.getByRole('button', { name: /Write an article about tea/ });
    expect(articleToggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(articleToggle);
    expect(articleToggle).toHaveAttribute('aria-expanded', 'true');
    const box = screen.getByTestId('creation-content');
    expect(box).toHaveClass('max-h-80', 'overflow-y-auto');
    expect(within(box).getByRole('heading', { name: 'Tea' })).toBeInTheDocument();
    expect(within(box).getByText('warm').tagName).toBe('STRONG');

    await user.click(articleToggle);
    expect(screen.queryByTestId('creation-content')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /A red fox in snow/ }));
    expect(screen.getByRole('img', { name: 'A red fox in snow' })).toHaveAttribute('src', '/files/fox.png');
  });
});

describe('CreationCard engine label', () => {
  it('when a creation came from an offline engine, then the card says so', () => {
    const offline: Creation = { ...article, id: 9, engine: { id: 'local-llm', label: 'Local model', offline: true } };
    renderWithProviders(<DashboardView creations={[offline, image]} loading={false} isPremium={false} />);
    expect(screen.getAllByText('Offline engine')).toHaveLength(1);
  });

  it('when a card shows its date, then the date never wraps inside and the card still names its type', () => {
    renderWithProviders(<DashboardView creations={[article]} loading={false} isPremium={false} />);
    const card = screen.getByRole('button', { name: /Write an article about tea/ });
    const date = formatCreationDate(article.created_at);
    expect(date).not.toBe('');
    expect(within(card).getByText(date)).toHaveClass('whitespace-nowrap');
    // The type text is visible from sm up and always read out (the chip beside it is aria-hidden).
    expect(card).toHaveAccessibleName(new RegExp(`Write an article about tea\\s*Article.*${date}`));
  });

  it('when creations came from a batch, then each run of one batch is shown under one heading with its Download all, and the rest stay alone', () => {
    const cut = (id: number, batch?: string): Creation => ({ id, type: 'image', prompt: 'Remove background from image', content: `/files/${id}.png`, created_at: new Date(now - id * 1000).toISOString(), ...(batch ? { batch_id: batch } : {}) });
    const list = [cut(1, 'b1'), cut(2, 'b1'), cut(3), cut(4, 'b2'), cut(5, 'b1')];
    expect(groupByBatch(list).map((g) => [g.batchId, g.creations.map((c) => c.id)])).toEqual([['b1', [1, 2]], [null, [3]], ['b2', [4]], ['b1', [5]]]);
    renderWithProviders(<DashboardView creations={list.slice(0, 3)} loading={false} isPremium />);
    const heading = screen.getByText('From one batch · 2 images');
    const group = heading.closest('li')!;
    expect(within(group).getAllByRole('listitem')).toHaveLength(2);
    expect(within(group).getByRole('button', { name: 'Download all' })).toBeInTheDocument();
    expect(screen.getAllByText(/From one batch/)).toHaveLength(1);
  });

  it('when a creation was made from an earlier one, then its card says so', () => {
    const derived: Creation = { id: 9, type: 'image', prompt: 'Remove background from image', content: '/files/9.png', created_at: new Date(now).toISOString(), source_id: 'c1' };
    renderWithProviders(<DashboardView creations={[derived, image]} loading={false} isPremium />);
    expect(screen.getAllByText('Made from an earlier result')).toHaveLength(1);
  });
});
