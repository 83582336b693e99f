import { describe, expect, it } from 'vitest';
import { TOOLS } from '@craftwell/contracts/tool-options';
import { toolCards } from '../tools.js';
import { navItems } from '../navigation.js';

describe('the web table of tools', () => {
  it('when the contract names a tool, then the web shows it exactly once, on its page, in the cards and the sidebar', () => {
    expect(toolCards.map((c) => c.tool).sort()).toEqual(Object.keys(TOOLS).sort());
    for (const card of toolCards) {
      expect(card.path).toBe(TOOLS[card.tool].webPath);
      expect(navItems.filter((item) => item.to === card.path)).toEqual([expect.objectContaining({ label: card.navLabel, Icon: card.icon })]);
    }
  });
});
