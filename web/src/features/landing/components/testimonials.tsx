import { Quote, Star } from 'lucide-react';
import { Avatar } from '../../../components/avatar.js';
import { SectionHeading } from './section-heading.js';

export type Testimonial = { image: string | null; name: string; title: string; content: string; rating: number };

/** Hard-coded sample testimonials (three, rated 5, 4 and 5). */
export const testimonials: Testimonial[] = [
  {
    image: null,
    name: 'John Doe',
    title: 'Marketing Director, TechCorp',
    content: 'Craftwell has revolutionized our content workflow. Our articles are ready in minutes, and the image tools save our designers hours every week.',
    rating: 5,
  },
  {
    image: null,
    name: 'Jane Smith',
    title: 'Content Creator, Solo Studio',
    content: 'The blog title generator and background removal are part of my daily routine now. Easy to use, and the results look professional.',
    rating: 4,
  },
  {
    image: null,
    name: 'David Lee',
    title: 'Content Writer, Freelance',
    content: 'The resume reviewer helped me land interviews, and the article writer is a fantastic first-draft partner. Highly recommended.',
    rating: 5,
  },
];

function Stars({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} className={index < rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 fill-slate-200 text-slate-200'} aria-hidden="true" />
      ))}
    </div>
  );
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-gradient-to-b from-white to-slate-50 px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="testimonials-title" title="Loved by Creators">
        Don't just take our word for it. Here's what our users are saying.
      </SectionHeading>
      <ul className="mx-auto grid max-w-6xl gap-5 md:grid-cols-3">
        {testimonials.map((item) => (
          <li key={item.name} className="relative flex flex-col rounded-2xl border border-slate-200/80 bg-white p-7 shadow-xs transition hover:shadow-lg hover:shadow-slate-900/5">
            <Quote className="absolute top-6 right-6 size-8 text-brand-100" aria-hidden="true" />
            <Stars rating={item.rating} />
            <blockquote className="mt-5 flex-1 text-sm leading-6 text-slate-600">"{item.content}"</blockquote>
            <div className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
              <Avatar name={item.name} src={item.image} size="md" />
              <div>
                <p className="text-sm font-semibold text-slate-900">{item.name}</p>
                <p className="text-xs text-slate-500">{item.title}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
