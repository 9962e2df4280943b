import { Button, Link, useSession } from '@courseport/shared-ui';

type Audience = 'guest' | 'educator' | 'learner';

const COPY: Record<Audience, { heading: string; text: string; labels: [string, string, string] }> = {
  guest: {
    heading: 'Learn anything, anytime, anywhere',
    text: 'Join a community where everyone can learn and everyone can teach. Create your free account and start your first course today.',
    labels: ['Courses Available', 'Learning Access', 'Community'],
  },
  educator: {
    heading: 'Share your knowledge with the world',
    text: 'Turn what you know into a course. Build chapters, add lectures and reach students who are eager to learn from you.',
    labels: ['Students Reached', 'Teaching Support', 'Student Network'],
  },
  learner: {
    heading: 'Keep learning, keep growing',
    text: 'Pick up a new skill or go deeper into the one you love. New courses from passionate educators are added all the time.',
    labels: ['Courses Available', 'Learning Access', 'Community'],
  },
};

const STATS = ['100+', '24/7', 'Global'] as const;

function useAudience(): Audience {
  const status = useSession((s) => s.status);
  const isEducator = useSession((s) => s.roles.includes('educator'));
  if (status !== 'signed-in') return 'guest';
  return isEducator ? 'educator' : 'learner';
}

function PrimaryAction({ audience }: { audience: Audience }) {
  const openSignIn = useSession((s) => s.openSignIn);
  if (audience === 'guest') {
    return (
      <Button type="primary" size="large" shape="round" onClick={() => openSignIn()}>
        Get Started
      </Button>
    );
  }
  return audience === 'educator' ? (
    <Link to="/educator/add-course" className="sf-link-button sf-link-button-primary">
      Create Course
    </Link>
  ) : (
    <Link to="/course-list" className="sf-link-button sf-link-button-primary">
      Browse Courses
    </Link>
  );
}

/** The closing call to action: its text, button and stats depend on who is signed in. */
export function CallToAction() {
  const audience = useAudience();
  const copy = COPY[audience];
  return (
    <section className="sf-section" aria-labelledby="sf-cta-title">
      <div className="sf-container">
        <div className="sf-cta" data-audience={audience}>
          <h2 id="sf-cta-title" className="sf-cta-title">
            {copy.heading}
          </h2>
          <p className="sf-cta-text">{copy.text}</p>
          <div className="sf-cta-actions">
            <PrimaryAction audience={audience} />
            <Link to="/course-list" className="sf-link-button sf-cta-secondary">
              Learn More <span aria-hidden="true">→</span>
            </Link>
          </div>
          <dl className="sf-cta-stats">
            {STATS.map((value, index) => (
              <div key={value} className="sf-cta-stat">
                <dt>{copy.labels[index]}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
