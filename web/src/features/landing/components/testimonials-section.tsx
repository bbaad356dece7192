import { Quote } from 'lucide-react';
import './testimonials-section.css';

/** Sample testimonials (PRODUCT.md §1): illustrations of how people use Tend, marked as samples. */
const SAMPLE_TESTIMONIALS = [
  {
    quote:
      'I had 40 people I meant to follow up with and no system. Now each one has a column, a note and a date, and two of them referred me.',
    name: 'Priya R.',
    role: 'Product designer, job hunting',
  },
  {
    quote:
      'The follow-up draft remembers what we talked about last time. I change a line or two and send it, instead of staring at a blank email.',
    name: 'Jordan L.',
    role: 'Staff engineer',
  },
  {
    quote:
      'Saving a LinkedIn profile takes one click, and the reminder on the right day is what finally made me keep in touch.',
    name: 'Mei C.',
    role: 'Data lead',
  },
] as const;

/** How people use Tend, in sample testimonials marked as such. */
export function TestimonialsSection() {
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className="section-title">
        What keeping in touch looks like
      </h2>
      <p className="section-subtitle">
        Sample testimonials: they show how people use Tend, not quotes from real customers.
      </p>
      <div className="testimonials__grid">
        {SAMPLE_TESTIMONIALS.map((testimonial) => (
          <figure key={testimonial.name} className="testimonial">
            <p className="testimonial__badge">Sample</p>
            <Quote size={20} aria-hidden="true" className="testimonial__mark" />
            <blockquote className="testimonial__quote">
              <p>{testimonial.quote}</p>
            </blockquote>
            <figcaption className="testimonial__author">
              <strong>{testimonial.name}</strong> <span>{testimonial.role} (sample)</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
