import { SiteFooter } from '../../components/site/site-footer.js';
import { SiteHeader } from '../../components/site/site-header.js';
import { Hero } from './components/hero.js';
import { PricingSection } from './components/pricing-section.js';
import { Testimonials } from './components/testimonials.js';
import { ToolsSection } from './components/tools-section.js';

export default function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <SiteHeader />
      <main id="main">
        {/* The demo itself is not part of the product yet: the button shows the tools instead. */}
        <Hero onWatchDemo={() => document.getElementById('tools')?.scrollIntoView({ behavior: 'smooth' })} />
        <ToolsSection />
        <Testimonials />
        <PricingSection />
      </main>
      <SiteFooter />
    </div>
  );
}
