import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/site/site-footer.js';
import { SiteHeader } from '../../components/site/site-header.js';

/** Shared frame of the simple public pages. */
export function MarketingPage({ eyebrow, title, intro, children }: { eyebrow: string; title: string; intro: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SiteHeader />
      <main id="main" className="flex-1">
        <section className="relative isolate overflow-hidden px-4 pt-32 pb-12 text-center sm:px-6 lg:px-8">
          <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_60%_at_50%_-10%,var(--color-brand-100),transparent_70%)]" />
          <p className="text-sm font-semibold text-brand-600">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-base leading-7 text-slate-600 sm:text-lg">{intro}</p>
        </section>
        <div className="px-4 pb-20 sm:px-6 lg:px-8">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
