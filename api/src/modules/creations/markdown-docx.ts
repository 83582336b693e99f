/**
 * Markdown (what the text tools produce) to a Word document: headings, paragraphs with bold,
 * italic and code, bullet and numbered lists, quotes, code blocks and rules. Anything else is
 * kept as its plain text, so no words are lost.
 */
import { AlignmentType, Document, ExternalHyperlink, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';
import { fromMarkdown } from 'mdast-util-from-markdown';

type MdNode = { type: string; value?: string; depth?: number; ordered?: boolean; url?: string; children?: MdNode[] };

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
const NUMBERED = 'numbered-list';

// Each list restarts its numbering: docx numbers per "instance".
let nextInstance = 1;

interface Style { bold?: boolean; italics?: boolean; code?: boolean }

function inlineRuns(nodes: MdNode[] = [], style: Style = {}): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    switch (node.type) {
      case 'text':
        return [new TextRun({ text: node.value ?? '', bold: style.bold, italics: style.italics, font: style.code ? 'Consolas' : undefined })];
      case 'inlineCode':
        return [new TextRun({ text: node.value ?? '', font: 'Consolas', bold: style.bold, italics: style.italics })];
      case 'strong':
        return inlineRuns(node.children, { ...style, bold: true });
      case 'emphasis':
        return inlineRuns(node.children, { ...style, italics: true });
      case 'break':
        return [new TextRun({ text: '', break: 1 })];
      case 'link':
        return [new ExternalHyperlink({ link: node.url ?? '', children: inlineRuns(node.children, style).filter((r): r is TextRun => r instanceof TextRun) })];
      default:
        return node.children ? inlineRuns(node.children, style) : node.value ? [new TextRun({ text: node.value })] : [];
    }
  });
}

function blocks(nodes: MdNode[] = [], list?: { ordered: boolean; level: number; instance: number }): Paragraph[] {
  return nodes.flatMap((node): Paragraph[] => {
    switch (node.type) {
      case 'heading':
        return [new Paragraph({ heading: HEADINGS[(node.depth ?? 1) - 1], children: inlineRuns(node.children) })];
      case 'paragraph':
        if (list) {
          return [new Paragraph({
            children: inlineRuns(node.children),
            ...(list.ordered ? { numbering: { reference: NUMBERED, level: list.level, instance: list.instance } } : { bullet: { level: list.level } }),
          })];
        }
        return [new Paragraph({ children: inlineRuns(node.children), spacing: { after: 160 } })];
      case 'list': {
        const level = list ? Math.min(list.level + 1, 8) : 0;
        const instance = nextInstance++;
        return (node.children ?? []).flatMap((item) => blocks(item.children, { ordered: Boolean(node.ordered), level, instance }));
      }
      case 'blockquote':
        return blocks(node.children, list);
      case 'code':
        return (node.value ?? '').split('\n').map((line) => new Paragraph({ children: [new TextRun({ text: line, font: 'Consolas' })] }));
      case 'thematicBreak':
        return [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun('* * *')] })];
      case 'html':
        return node.value ? [new Paragraph({ children: [new TextRun(node.value)] })] : [];
      default:
        return node.children ? [new Paragraph({ children: inlineRuns(node.children) })] : [];
    }
  });
}

export async function markdownToDocx(markdown: string, title: string): Promise<Buffer> {
  const tree = fromMarkdown(markdown) as MdNode;
  const doc = new Document({
    title,
    creator: 'Craftwell',
    numbering: {
      config: [{
        reference: NUMBERED,
        levels: Array.from({ length: 9 }, (_, level) => ({
          level, format: LevelFormat.DECIMAL, text: `%${level + 1}.`, alignment: AlignmentType.START,
          style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
        })),
      }],
    },
    sections: [{ children: blocks(tree.children) }],
  });
  return Packer.toBuffer(doc);
}
