import { useAuthUi } from '../../../lib/auth-context.js';
import { SectionHeading } from './section-heading.js';

/** Choose Your Plan: the active auth adapter draws the plans (local cards or Clerk's table). */
export function PricingSection() {
  const { Pricing } = useAuthUi();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="pricing-title" title="Choose Your Plan">
        Start for free and scale up as you grow. Find the perfect plan for your content creation needs.
      </SectionHeading>
      <Pricing />
    </section>
  );
}
