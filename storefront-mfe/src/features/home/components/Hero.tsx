import { SearchBox } from '../../../components/SearchBox';

export function Hero() {
  return (
    <section className="sf-hero" aria-labelledby="sf-hero-title">
      <div className="sf-container sf-hero-inner">
        <p className="sf-hero-eyebrow">Learn anything. Teach anything.</p>
        <h1 id="sf-hero-title" className="sf-hero-title">
          Empower your future with courses designed to <span className="sf-hero-highlight">fit your goals</span>.
        </h1>
        <p className="sf-hero-subtitle">
          Hands-on courses from educators who know their craft. Learn at your own pace, build real projects and grow
          your career with a community of learners worldwide.
        </p>
        <SearchBox />
      </div>
    </section>
  );
}
