/**
 * Every relative link in the repository's Markdown leads somewhere: the file (or folder) exists,
 * and a `#anchor` names a heading of the Markdown file it points into. Links to other hosts are
 * not followed (the tests make no outside calls).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Folders that hold no docs of ours: dependencies, local data, test output. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.data', 'artifacts', 'dist', 'coverage']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside fenced code blocks and inline code, where links are links. */
function proseOf(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Link targets: inline links and images, and reference definitions. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).replace(/`([^`\n]*)`/g, '$1').matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = text.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** What is wrong with one link of `file`, or null when it leads somewhere. */
function deadLink(file: string, target: string, read: (file: string) => string = (f) => readFileSync(f, 'utf8')): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
  const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
  const linked = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
  if (!linked.startsWith(root)) return `${target}: leaves the repository`;
  if (!existsSync(linked)) return `${target}: no such file`;
  if (anchor === undefined || !linked.endsWith('.md') || statSync(linked).isDirectory()) return null;
  return headingAnchors(read(linked)).has(decodeURIComponent(anchor)) ? null : `${target}: no heading #${anchor}`;
}

function deadLinksIn(file: string): string[] {
  const relative = path.relative(root, file);
  return linkTargets(readFileSync(file, 'utf8'))
    .map((target) => deadLink(file, target))
    .filter((problem): problem is string => problem !== null)
    .map((problem) => `${relative}: ${problem}`);
}

describe('when the repository links its docs to each other', () => {
  const files = markdownFiles(root);

  it('then the README, docs/, CONTRIBUTING and CHANGELOG are all checked', () => {
    const names = files.map((file) => path.relative(root, file));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', path.join('docs', 'api.md')]));
  });

  it('then every relative link leads to a file and every #anchor to a heading', () => {
    expect(files.flatMap(deadLinksIn)).toEqual([]);
  });

  it('then a dead file, a dead anchor and a link out of the repository are each caught', () => {
    const readme = path.join(root, 'README.md');
    expect(deadLink(readme, 'docs/no-such-page.md')).toMatch(/no such file/);
    expect(deadLink(readme, 'docs/api.md#no-such-heading')).toMatch(/no heading/);
    expect(deadLink(readme, '#no-such-heading')).toMatch(/no heading/);
    expect(deadLink(readme, '../outside.md')).toMatch(/leaves the repository/);
    expect(deadLink(readme, 'docs/api.md#errors')).toBeNull();
    expect(deadLink(readme, 'https://example.com/missing')).toBeNull();
  });

  it('then headings turn into GitHub anchors, repeats numbered, code spans and links kept as text', () => {
    const anchors = headingAnchors('# Where data lives, and the admin CLI\n## `DATA_DIR` & backups\n## Notes\n## Notes\n### See [api](api.md)\n```\n# not a heading\n```\n');
    expect([...anchors]).toEqual(['where-data-lives-and-the-admin-cli', 'data_dir--backups', 'notes', 'notes-1', 'see-api']);
  });

  it('then links inside code are not links, and reference definitions are', () => {
    expect(linkTargets('See [a](a.md) and ![b](b.png).\n\n`[c](c.md)`\n```\n[d](d.md)\n```\n[e]: e.md\n')).toEqual(['a.md', 'b.png', 'e.md']);
  });
});
