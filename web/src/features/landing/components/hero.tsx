import { useNavigate } from 'react-router-dom';
import { ArrowRight, PlayCircle, Star } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { initialsOf } from '../../../components/avatar.js';

const crowd = ['Ava Moore', 'Liam Chen', 'Sofia Rossi', 'Noah Patel'];
const crowdColours = ['from-sky-400 to-indigo-500', 'from-fuchsia-400 to-pink-500', 'from-emerald-400 to-teal-500', 'from-amber-400 to-orange-500'];

export function Hero({ onWatchDemo }: { onWatchDemo: () => void }) {
  const navigate = useNavigate();
  return (
    <section className="relative isolate overflow-hidden px-4 pt-32 pb-20 sm:px-6 sm:pt-40 sm:pb-28 lg:px-8">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_50%_-10%,var(--color-brand-100),transparent_70%)]" />
      <div aria-hidden="true" className="absolute top-24 left-[8%] -z-10 size-72 rounded-full bg-accent-200/40 blur-3xl" />
      <div aria-hidden="true" className="absolute top-10 right-[6%] -z-10 size-80 rounded-full bg-sky-200/40 blur-3xl" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgb(15_23_42/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(15_23_42/0.04)_1px,transparent_1px)] bg-[size:44px_44px] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,#000,transparent)]" />

      <div className="mx-auto max-w-4xl text-center animate-fade-up">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-1.5 text-xs font-medium text-brand-700 shadow-xs ring-1 ring-brand-100 backdrop-blur">
          <span className="size-1.5 rounded-full bg-gradient-to-r from-brand-500 to-accent-500" aria-hidden="true" />
          Six AI tools, one workspace
        </p>
        <h1 className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-slate-900 sm:text-6xl lg:text-7xl">
          Create amazing content <br className="hidden sm:block" />
          with{' '}
          <span className="bg-gradient-to-r from-brand-600 via-accent-600 to-fuchsia-500 bg-clip-text text-transparent">AI tools</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-7 text-slate-600 sm:text-lg">
          Transform your content creation with our suite of premium AI tools. Write articles, generate images, and enhance your workflow.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button size="lg" className="w-full rounded-full px-8 sm:w-auto" onClick={() => navigate('/ai')}>
            Start creating now <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
          <Button size="lg" variant="secondary" className="w-full rounded-full px-8 sm:w-auto" onClick={onWatchDemo}>
            <PlayCircle className="size-5 text-brand-600" aria-hidden="true" /> Watch demo
          </Button>
        </div>
        <div className="mt-10 flex items-center justify-center gap-3">
          <div className="flex -space-x-2" aria-hidden="true">
            {crowd.map((name, index) => (
              <span
                key={name}
                className={`flex size-9 items-center justify-center rounded-full bg-gradient-to-br ${crowdColours[index]} text-xs font-semibold text-white ring-2 ring-white`}
              >
                {initialsOf(name)}
              </span>
            ))}
          </div>
          <div className="text-left">
            <div className="flex gap-0.5" aria-hidden="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Star key={i} className="size-3.5 fill-amber-400 text-amber-400" />
              ))}
            </div>
            <p className="text-sm font-medium text-slate-600">Trusted by 10k+ people</p>
          </div>
        </div>
      </div>
    </section>
  );
}
