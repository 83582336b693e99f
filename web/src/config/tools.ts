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

/** The six tools as shown on the landing page (spec s2, s3). */
export const toolCards: ToolCard[] = [
  {
    title: 'AI Article Writer',
    description: 'Generate high-quality, engaging articles on any topic with our AI writing technology.',
    icon: SquarePen,
    bg: { from: '#3588F2', to: '#0BB0D7' },
    path: paths.writeArticle,
  },
  {
    title: 'Blog Title Generator',
    description: 'Find the perfect, catchy title for your blog posts with our AI-powered generator.',
    icon: Hash,
    bg: { from: '#B153EA', to: '#E549A3' },
    path: paths.blogTitles,
  },
  {
    title: 'AI Image Generation',
    description: 'Create stunning visuals with our AI image generation tool, from realistic photos to anime art.',
    icon: Image,
    bg: { from: '#20C363', to: '#11B97E' },
    path: paths.generateImages,
  },
  {
    title: 'Background Removal',
    description: 'Effortlessly remove backgrounds from your images with our AI-driven tool.',
    icon: Eraser,
    bg: { from: '#F76C1C', to: '#F04A3C' },
    path: paths.removeBackground,
  },
  {
    title: 'Object Removal',
    description: 'Remove unwanted objects from your images seamlessly with our AI object removal tool.',
    icon: Scissors,
    bg: { from: '#5C6AF1', to: '#427DF5' },
    path: paths.removeObject,
  },
  {
    title: 'Resume Reviewer',
    description: 'Get your resume reviewed by AI to improve your chances of landing your dream job.',
    icon: FileText,
    bg: { from: '#12B7AC', to: '#08B6CE' },
    path: paths.reviewResume,
  },
];
