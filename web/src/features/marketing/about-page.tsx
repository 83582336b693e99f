import { Link } from 'react-router-dom';
import { Lock, Server, Sparkles } from 'lucide-react';
import { buttonClasses } from '../../components/button.js';
import { toolCards } from '../../config/tools.js';
import { MarketingPage } from './marketing-page.js';

const values = [
  { Icon: Sparkles, title: 'Made for creators', text: 'Articles, titles, images and resume feedback in one calm workspace, without juggling six subscriptions.' },
  { Icon: Server, title: 'Yours to run', text: 'Craftwell is self-hostable. Run it on your own machine and choose which AI engines it uses.' },
  { Icon: Lock, title: 'Private by default', text: 'Your creations stay private unless you choose to share an image with the community gallery.' },
];

export default function AboutPage() {
  return (
    <MarketingPage
      eyebrow="About"
      title="We build tools that make creating easy"
      intro="Craftwell started in 2025 with a simple idea: great content should not need a big team. Our AI tools help writers, marketers and job seekers do their best work faster."
    >
      <div className="mx-auto max-w-5xl">
        <ul className="grid gap-5 md:grid-cols-3">
          {values.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200/80 bg-white p-7 shadow-xs">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-5 text-base font-semibold text-slate-900">{title}</h2>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-14 rounded-3xl bg-slate-900 px-6 py-10 text-center sm:px-12">
          <h2 className="text-2xl font-semibold tracking-tight text-white">Six tools, one sign-in</h2>
          <p className="mx-auto mt-3 max-w-xl text-sm leading-6 text-slate-300">{toolCards.map((tool) => tool.title).join(' · ')}</p>
          <Link to="/ai" className={buttonClasses('primary', 'lg', 'mt-8 rounded-full px-8')}>
            Start creating now
          </Link>
        </div>
      </div>
    </MarketingPage>
  );
}
