import { Stars } from '../../../components/Stars';

export const TESTIMONIALS = [
  {
    name: 'Priya Sharma',
    role: 'Frontend Developer, Northwind',
    color: 'var(--cp-color-primary)',
    feedback:
      'The React course finally made hooks click for me. The projects felt like real work, and within two months I had shipped a feature I would not have dared to touch before.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Data Analyst, Contoso',
    color: 'var(--cp-color-avatar-teal)',
    feedback:
      'Short lectures, clear examples and exercises that build on each other. I learned on my commute and still got through the whole SQL track in a few weeks.',
  },
  {
    name: 'Mei Lin',
    role: 'Product Designer & Educator',
    color: 'var(--cp-color-avatar-purple)',
    feedback:
      'I came to learn Figma prototyping and stayed to teach. Publishing my own course was easy, and hearing from students all over the world is the best part of my week.',
  },
] as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

function Avatar({ name, color }: { name: string; color: string }) {
  return (
    <svg width="48" height="48" viewBox="0 0 48 48" role="img" aria-label={name} className="sf-avatar">
      <circle cx="24" cy="24" r="24" style={{ fill: color }} />
      <text
        x="24"
        y="30"
        textAnchor="middle"
        style={{ fill: 'var(--cp-color-text-inverse)' }}
        fontSize="17"
        fontWeight="700"
        fontFamily="inherit"
      >
        {initials(name)}
      </text>
    </svg>
  );
}

export function Testimonials() {
  return (
    <section className="sf-section sf-testimonials" aria-labelledby="sf-testimonials-title">
      <div className="sf-container">
        <div className="sf-section-head">
          <h2 id="sf-testimonials-title" className="sf-section-title">
            Testimonials
          </h2>
          <p className="sf-section-text">
            Hear from our learners as they share their journeys of growth, new skills and the difference Courseport has
            made in their careers.
          </p>
        </div>
        <ul className="sf-testimonial-list">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="sf-testimonial">
                <figcaption className="sf-testimonial-person">
                  <Avatar name={t.name} color={t.color} />
                  <span>
                    <strong className="sf-testimonial-name">{t.name}</strong>
                    <span className="sf-testimonial-role">{t.role}</span>
                  </span>
                </figcaption>
                <Stars rating={5} />
                <blockquote className="sf-testimonial-text">{t.feedback}</blockquote>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
