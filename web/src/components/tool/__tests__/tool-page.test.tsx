import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '../../page-header.js';
import { toolCards } from '../../../config/tools.js';
import { ToolPage } from '../tool-layout.js';

/** jsdom normalises hex colours in inline styles to rgb(). */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('ToolPage header', () => {
  it.each(toolCards.map((tool) => [tool.title, tool] as const))('when %s opens, then its header icon takes the card colours', (_title, tool) => {
    render(
      <ToolPage tool={tool}>
        <p>form</p>
      </ToolPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: tool.title })).toBeInTheDocument();
    const tile = screen.getByTestId('page-header-icon');
    expect(tile.style.backgroundImage).toBe(`linear-gradient(135deg, ${rgb(tool.bg.from)}, ${rgb(tool.bg.to)})`);
    expect(tile).not.toHaveClass('from-brand-500');
  });

  it('when a screen passes no colours, then the header keeps the brand gradient', () => {
    render(<PageHeader title="Dashboard" icon={<span>i</span>} />);
    const tile = screen.getByTestId('page-header-icon');
    expect(tile).toHaveClass('from-brand-500', 'to-accent-500');
    expect(tile.style.backgroundImage).toBe('');
  });
});
