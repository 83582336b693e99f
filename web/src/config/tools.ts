import { Eraser, FileText, Hash, Image, Scissors, SquarePen, type LucideIcon } from 'lucide-react';
import { paths } from './paths.js';

export type ToolCard = {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Two-colour gradient of the card's icon tile. */
  bg: { from: string; to: string };
  path: string;
};

const card = (title: string, description: string, icon: LucideIcon, [from, to]: [string, string], path: string): ToolCard => ({
  title,
  description,
  icon,
  bg: { from, to },
  path,
});

/** The six tools as shown on the landing page, in order. */
export const toolCards: ToolCard[] = [
  card('AI Article Writer', 'Generate high-quality, engaging articles on any topic with our AI writing technology.', SquarePen, ['#3588F2', '#0BB0D7'], paths.writeArticle),
  card('Blog Title Generator', 'Find the perfect, catchy title for your blog posts with our AI-powered generator.', Hash, ['#B153EA', '#E549A3'], paths.blogTitles),
  card('AI Image Generation', 'Create stunning visuals with our AI image generation tool, from realistic photos to anime art.', Image, ['#20C363', '#11B97E'], paths.generateImages),
  card('Background Removal', 'Effortlessly remove backgrounds from your images with our AI-driven tool.', Eraser, ['#F76C1C', '#F04A3C'], paths.removeBackground),
  card('Object Removal', 'Remove unwanted objects from your images seamlessly with our AI object removal tool.', Scissors, ['#5C6AF1', '#427DF5'], paths.removeObject),
  card('Resume Reviewer', 'Get your resume reviewed by AI to improve your chances of landing your dream job.', FileText, ['#12B7AC', '#08B6CE'], paths.reviewResume),
];
