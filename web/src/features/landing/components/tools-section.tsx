import { useNavigate } from 'react-router-dom';
import { ArrowUpRight } from 'lucide-react';
import { toolCards } from '../../../config/tools.js';
import { useCurrentUser } from '../../../lib/auth-context.js';
import { SectionHeading } from './section-heading.js';

/**
 * One card per tool; a card leads to its tool only when someone is signed in. While a
 * stored session is being checked the cards are disabled, so an early click waits instead of
 * being dropped as if nobody were signed in (like the header's Get Started button).
 */
export function ToolsSection() {
  const { user, isLoaded } = useCurrentUser();
  const navigate = useNavigate();

  return (
    <section id="tools" aria-labelledby="tools-title" className="scroll-mt-20 px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="tools-title" title="Powerful AI Tools">
        Everything you need to create, enhance, and optimize your content with cutting-edge AI technology.
      </SectionHeading>
      <ul className="mx-auto grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {toolCards.map((tool) => (
          <li key={tool.path}>
            <button
              type="button"
              disabled={!isLoaded}
              onClick={() => {
                if (user) navigate(tool.path);
              }}
              className="group relative flex h-full w-full flex-col rounded-2xl border border-slate-200/80 bg-white p-7 text-left shadow-xs transition duration-300 hover:-translate-y-1 hover:border-slate-300 hover:shadow-xl hover:shadow-slate-900/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <span
                className="flex size-12 items-center justify-center rounded-xl text-white shadow-md"
                style={{ backgroundImage: `linear-gradient(135deg, ${tool.bg.from}, ${tool.bg.to})` }}
              >
                <tool.icon className="size-6" aria-hidden="true" />
              </span>
              <span className="mt-6 flex items-center gap-1.5 text-lg font-semibold text-slate-900">
                {tool.title}
                {user && <ArrowUpRight className="size-4 text-slate-300 transition group-hover:text-brand-500" aria-hidden="true" />}
              </span>
              <span className="mt-2 text-sm leading-6 text-slate-600">{tool.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
