import { Eraser, FileText, Hash, Image, Scissors, SquarePen, type LucideIcon } from 'lucide-react';
import { TOOLS } from '@craftwell/contracts/tool-options';

export type ToolKey = keyof typeof TOOLS;

export type ToolCard = {
  tool: ToolKey;
  /** The card's and the tool page's title. */
  title: string;
  /** The sidebar's shorter label. */
  navLabel: string;
  description: string;
  icon: LucideIcon;
  /** Two-colour gradient of the card's icon tile. */
  bg: { from: string; to: string };
  /** The page, from the contract's table of tools. */
  path: string;
};

const card = (tool: ToolKey, title: string, navLabel: string, description: string, icon: LucideIcon, [from, to]: [string, string]): ToolCard => ({
  tool,
  title,
  navLabel,
  description,
  icon,
  bg: { from, to },
  path: TOOLS[tool].webPath,
});

/** The six tools as the web shows them (landing cards, sidebar, tool pages), in order. */
export const toolCards: ToolCard[] = [
  card('article', 'AI Article Writer', 'Write Article', 'Generate high-quality, engaging articles on any topic with our AI writing technology.', SquarePen, ['#3588F2', '#0BB0D7']),
  card('blog-title', 'Blog Title Generator', 'Blog Titles', 'Find the perfect, catchy title for your blog posts with our AI-powered generator.', Hash, ['#B153EA', '#E549A3']),
  card('generate-image', 'AI Image Generation', 'Generate Images', 'Create stunning visuals with our AI image generation tool, from realistic photos to anime art.', Image, ['#20C363', '#11B97E']),
  card('remove-background', 'Background Removal', 'Remove Background', 'Effortlessly remove backgrounds from your images with our AI-driven tool.', Eraser, ['#F76C1C', '#F04A3C']),
  card('remove-object', 'Object Removal', 'Remove Object', 'Remove unwanted objects from your images seamlessly with our AI object removal tool.', Scissors, ['#5C6AF1', '#427DF5']),
  card('resume-review', 'Resume Reviewer', 'Review Resume', 'Get your resume reviewed by AI to improve your chances of landing your dream job.', FileText, ['#12B7AC', '#08B6CE']),
];
