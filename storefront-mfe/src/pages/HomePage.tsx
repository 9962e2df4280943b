import { type PageDataLoader, usePageTitle } from '@courseport/shared-ui';
import { catalogQuery } from '../features/catalog/api/catalog';
import { StorefrontPage } from '../features/common/components/StorefrontPage';
import { ContinueLearning } from '../features/continue-learning/components/ContinueLearning';
import { CallToAction } from '../features/home/components/CallToAction';
import { FeaturedCourses } from '../features/home/components/FeaturedCourses';
import { Hero } from '../features/home/components/Hero';
import '../styles/home.css';
import { Testimonials } from '../features/home/components/Testimonials';
import { TrustedBy } from '../features/home/components/TrustedBy';

/** `/`: hero with search, the signed-in student's courses to continue, trusted-by strip, featured courses, testimonials and a call to action. */
export default function HomePage() {
  usePageTitle('');
  return (
    <StorefrontPage>
      <Hero />
      <ContinueLearning />
      <TrustedBy />
      <FeaturedCourses />
      <Testimonials />
      <CallToAction />
    </StorefrontPage>
  );
}

/** The server renders the page with the catalog's first page (the featured courses) in the cache. */
export const loadPageData: PageDataLoader = (client) => client.prefetchInfiniteQuery(catalogQuery(''));
