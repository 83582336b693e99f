import { Check, Sparkles } from 'lucide-react';
import { Button } from '../../../components/button.js';
import { useAppConfig, type Plan } from '../../../lib/app-config.js';
import { useCurrentUser } from '../../../lib/auth-context.js';
import { cn } from '../../../lib/cn.js';
import { useNavigate } from 'react-router-dom';

function formatPrice(plan: Plan): string {
  return plan.price === 0 ? '$0' : `$${plan.price % 1 === 0 ? plan.price : plan.price.toFixed(2)}`;
}

/** Free and Premium plan cards drawn from the served config (local mode's pricing widget). */
export function LocalPlans() {
  const { config, isLoaded } = useAppConfig();
  const { user, openSignIn } = useCurrentUser();
  const navigate = useNavigate();
  const plans = config?.plans ?? [];

  if (isLoaded && plans.length === 0) {
    return <p className="text-center text-sm text-slate-500">Plans are not available right now. Please try again later.</p>;
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {plans.map((plan) => {
        const current = user?.plan === plan.id;
        return (
          <div
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-3xl bg-white p-8 text-left',
              plan.popular ? 'shadow-2xl shadow-brand-600/15 ring-2 ring-brand-500' : 'shadow-sm ring-1 ring-slate-200',
            )}
          >
            {plan.popular && (
              <span className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-gradient-to-r from-brand-600 to-accent-600 px-3 py-1 text-xs font-semibold text-white shadow-md">
                <Sparkles className="size-3.5" aria-hidden="true" /> Most popular
              </span>
            )}
            <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight text-slate-900">{formatPrice(plan)}</span>
              <span className="text-sm text-slate-500">/ {plan.interval}</span>
            </p>
            <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-600">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Check className={cn('mt-0.5 size-4 shrink-0', plan.popular ? 'text-brand-600' : 'text-emerald-600')} aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button
              className="mt-8 w-full"
              size="lg"
              variant={plan.popular ? 'primary' : 'secondary'}
              disabled={current}
              onClick={() => (user ? navigate('/ai') : openSignIn())}
            >
              {current ? 'Your current plan' : user ? 'Go to dashboard' : plan.price === 0 ? 'Start for free' : `Get ${plan.name}`}
            </Button>
          </div>
        );
      })}
    </div>
  );
}
