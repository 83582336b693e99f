import { useEffect, useState } from 'react';
import { Button } from '../../components/button.js';

import type { SectionAction } from '@craftwell/contracts/tool-options';

export type { SectionAction };

/** The article's H2 sections: "## Heading" in written articles, "**H2: Heading**" in offline outlines. */
export function articleSections(markdown: string): string[] {
  // An offline outline's own "## The plan" headings are not article sections: only its H2 entries are.
  const pattern = /^# Article outline: /m.test(markdown) ? /^- \*\*H2: (.+?)\*\* — / : /^##\s+(.+?)\s*#*\s*$/;
  return markdown.split('\n').flatMap((line) => {
    const heading = pattern.exec(line)?.[1]?.trim();
    return heading ? [heading] : [];
  });
}

/** Pick one section and regenerate, lengthen or shorten it. */
export function SectionActions({ content, busy, onRevise }: { content: string; busy: boolean; onRevise: (section: string, action: SectionAction) => void }) {
  const sections = articleSections(content);
  const [section, setSection] = useState(sections[0] ?? '');
  useEffect(() => {
    if (!sections.includes(section)) setSection(sections[0] ?? '');
  }, [sections, section]);
  if (sections.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" role="group" aria-label="Revise one section">
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-slate-600">
        Section
        <select value={section} onChange={(event) => setSection(event.target.value)} disabled={busy} className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900">
          {sections.map((heading) => (
            <option key={heading} value={heading}>
              {heading}
            </option>
          ))}
        </select>
      </label>
      {(['regenerate', 'lengthen', 'shorten'] as const).map((action) => (
        <Button key={action} size="sm" variant="secondary" disabled={busy || !section} onClick={() => onRevise(section, action)}>
          {action.charAt(0).toUpperCase() + action.slice(1)}
        </Button>
      ))}
    </div>
  );
}
