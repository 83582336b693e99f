import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageLoading, RootLayout } from './root-layout.js';
import LandingPage from '../features/landing/index.js';

// Each screen but the landing page is its own chunk, fetched when its route is first visited.
function page(load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullPageLoading,
    children: [
      { index: true, Component: LandingPage },
      { path: 'about', lazy: page(() => import('../features/marketing/about-page.js')) },
      { path: 'pricing', lazy: page(() => import('../features/marketing/pricing-page.js')) },
      { path: 'contact', lazy: page(() => import('../features/marketing/contact-page.js')) },
      {
        path: 'ai',
        lazy: page(() => import('./layouts/ai-layout.js')),
        children: [
          { index: true, lazy: page(() => import('../features/dashboard/index.js')) },
          { path: 'write-article', lazy: page(() => import('../features/write-article/index.js')) },
          { path: 'blog-titles', lazy: page(() => import('../features/blog-titles/index.js')) },
          { path: 'generate-images', lazy: page(() => import('../features/generate-images/index.js')) },
          { path: 'remove-background', lazy: page(() => import('../features/remove-background/index.js')) },
          { path: 'remove-object', lazy: page(() => import('../features/remove-object/index.js')) },
          { path: 'review-resume', lazy: page(() => import('../features/review-resume/index.js')) },
          { path: 'community', lazy: page(() => import('../features/community/index.js')) },
          { path: 'account', lazy: page(() => import('../features/account/index.js')) },
          { path: 'admin', lazy: page(() => import('../features/admin/index.js')) },
          { path: 'api-docs', lazy: page(() => import('../features/api-docs/index.js')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
