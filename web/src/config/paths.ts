import { TOOLS } from '@craftwell/contracts/tool-options';

/** Every route path of the app, in one place; the tools' come from the contract's table. */
export const paths = {
  home: '/',
  about: '/about',
  pricing: '/pricing',
  contact: '/contact',
  ai: '/ai',
  writeArticle: TOOLS.article.webPath,
  blogTitles: TOOLS['blog-title'].webPath,
  generateImages: TOOLS['generate-image'].webPath,
  removeBackground: TOOLS['remove-background'].webPath,
  removeObject: TOOLS['remove-object'].webPath,
  reviewResume: TOOLS['resume-review'].webPath,
  community: '/ai/community',
  account: '/ai/account',
  admin: '/ai/admin',
  apiDocs: '/ai/api-docs',
} as const;
