import { Link, LogoMark } from '@courseport/shared-ui';

export const FOOTER_TEXT =
  'Courseport is a learning ecosystem where everyone can be both a student and an educator: learn from people who know their craft, then share what you know with learners around the world.';

/** The storefront footer, shared by Home, Course list and Course details. */
export function Footer() {
  return (
    <footer className="sf-footer">
      <div className="sf-container sf-footer-inner">
        <div>
          <span className="sf-footer-brand">
            <LogoMark />
            Courseport
          </span>
          <p className="sf-footer-text">{FOOTER_TEXT}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="sf-footer-heading">Explore</h2>
          <ul className="sf-footer-links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/course-list">Courses</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="sf-footer-copy">© {new Date().getFullYear()} Courseport. All rights reserved.</p>
    </footer>
  );
}
