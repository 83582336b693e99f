import { useAuthUi } from '../../lib/auth-context.js';
import { MarketingPage } from './marketing-page.js';

const questions = [
  { q: 'Can I start for free?', a: 'Yes. The Free plan needs no card: sign up and start creating straight away.' },
  { q: 'What does Premium add?', a: 'Higher monthly limits on every tool, so you can create as much as your work needs.' },
  { q: 'Can I change plans later?', a: 'Any time. Your creations stay in your dashboard whichever plan you are on.' },
];

export default function PricingPage() {
  const { Pricing } = useAuthUi();
  return (
    <MarketingPage
      eyebrow="Pricing"
      title="Choose Your Plan"
      intro="Start for free and scale up as you grow. Find the perfect plan for your content creation needs."
    >
      <h2 className="sr-only">Plans</h2>
      <Pricing />
      <div className="mx-auto mt-20 max-w-3xl">
        <h2 className="text-center text-2xl font-semibold tracking-tight text-slate-900">Frequently asked questions</h2>
        <dl className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {questions.map(({ q, a }) => (
            <div key={q} className="p-6">
              <dt className="text-sm font-semibold text-slate-900">{q}</dt>
              <dd className="mt-2 text-sm leading-6 text-slate-600">{a}</dd>
            </div>
          ))}
        </dl>
      </div>
    </MarketingPage>
  );
}
