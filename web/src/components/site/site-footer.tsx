import { Link } from 'react-router-dom';
import { CheckCircle2, Mail, MapPin, Phone } from 'lucide-react';
import { Logo } from '../logo.js';
import { NewsletterForm } from './newsletter-form.js';

export const supportContact = {
  email: 'support@craftwell.app',
  phone: '+1 (415) 555-0125',
  city: 'San Francisco, CA',
};

const quickLinks = [
  { to: '/about', label: 'About' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
];

const newsletterClaims = ['Join 10,000+ subscribers', 'No spam, ever', 'Unsubscribe anytime', 'Weekly insights'];

const linkClass = 'rounded text-sm text-slate-600 transition hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_0.7fr_1fr_1.4fr] lg:px-8">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-600">
            Experience the power of AI with Craftwell. Write articles, generate images and polish your resume, all in one place.
          </p>
        </div>

        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold text-slate-900">Quick links</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to="/" className={linkClass}>
                Home
              </Link>
            </li>
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold text-slate-900">Support</h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-600">
            <li className="flex items-center gap-2.5">
              <Mail className="size-4 text-slate-400" aria-hidden="true" />
              <a href={`mailto:${supportContact.email}`} className={linkClass}>
                {supportContact.email}
              </a>
            </li>
            <li className="flex items-center gap-2.5">
              <Phone className="size-4 text-slate-400" aria-hidden="true" />
              <a href={`tel:${supportContact.phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
                {supportContact.phone}
              </a>
            </li>
            <li className="flex items-center gap-2.5">
              <MapPin className="size-4 text-slate-400" aria-hidden="true" />
              {supportContact.city}
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold text-slate-900">Subscribe to our newsletter</h2>
          <p className="mt-4 text-sm text-slate-600">The latest news, articles and resources, sent to your inbox weekly.</p>
          <div className="mt-4">
            <NewsletterForm />
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-xs text-slate-500">
            {newsletterClaims.map((claim) => (
              <li key={claim} className="flex items-center gap-1.5">
                <CheckCircle2 className="size-3.5 text-emerald-500" aria-hidden="true" />
                {claim}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-100">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-xs text-slate-500 sm:flex-row sm:px-6 lg:px-8">
          <p>© {year} Craftwell. All rights reserved.</p>
          <p className="font-semibold tracking-[0.2em] text-slate-500">EST. 2025</p>
        </div>
      </div>
    </footer>
  );
}
