import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { supportContact } from '../../components/site/site-footer.js';
import { MarketingPage } from './marketing-page.js';

const channels = [
  { Icon: Mail, title: 'Email', value: supportContact.email, href: `mailto:${supportContact.email}` },
  { Icon: Phone, title: 'Phone', value: supportContact.phone, href: `tel:${supportContact.phone.replace(/[^+\d]/g, '')}` },
  { Icon: MapPin, title: 'Office', value: supportContact.city },
  { Icon: Clock, title: 'Hours', value: 'Monday to Friday, 9am to 6pm PT' },
];

export default function ContactPage() {
  return (
    <MarketingPage
      eyebrow="Contact"
      title="We're here to help"
      intro="Questions about your account, a tool or a plan? Reach our support team and we will get back to you within one business day."
    >
      <ul className="mx-auto grid max-w-4xl gap-5 sm:grid-cols-2">
        {channels.map(({ Icon, title, value, href }) => (
          <li key={title} className="flex items-start gap-4 rounded-2xl border border-slate-200/80 bg-white p-6 shadow-xs">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
              {href ? (
                <a href={href} className="mt-1 block rounded text-sm text-brand-600 hover:text-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500">
                  {value}
                </a>
              ) : (
                <p className="mt-1 text-sm text-slate-600">{value}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </MarketingPage>
  );
}
