/** Every route path of the app, in one place. */
export const paths = {
  home: '/',
  about: '/about',
  pricing: '/pricing',
  contact: '/contact',
  ai: '/ai',
  writeArticle: '/ai/write-article',
  blogTitles: '/ai/blog-titles',
  generateImages: '/ai/generate-images',
  removeBackground: '/ai/remove-background',
  removeObject: '/ai/remove-object',
  reviewResume: '/ai/review-resume',
  community: '/ai/community',
  account: '/ai/account',
  admin: '/ai/admin',
  apiDocs: '/ai/api-docs',
} as const;
