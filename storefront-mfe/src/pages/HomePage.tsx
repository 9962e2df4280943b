import { StorefrontPage } from '../components/StorefrontPage';
import { CallToAction } from '../home/CallToAction';
import { FeaturedCourses } from '../home/FeaturedCourses';
import { Hero } from '../home/Hero';
import '../home/home.css';
import { Testimonials } from '../home/Testimonials';
import { TrustedBy } from '../home/TrustedBy';

/** `/`: hero with search, trusted-by strip, featured courses, testimonials and a call to action. */
export default function HomePage() {
  return (
    <StorefrontPage>
      <Hero />
      <TrustedBy />
      <FeaturedCourses />
      <Testimonials />
      <CallToAction />
    </StorefrontPage>
  );
}
