import { type PageDataLoader, usePageTitle } from '@courseport/shared-ui';
import { categoriesQuery, featuredQuery } from '../api/catalog';
import { StorefrontPage } from '../components/StorefrontPage';
import { ContinueLearning } from '../features/continue-learning/components/ContinueLearning';
import { CallToAction } from '../features/home/components/CallToAction';
import { CategoryStrip } from '../features/home/components/CategoryStrip';
import { FeaturedCourses } from '../features/home/components/FeaturedCourses';
import { Hero } from '../features/home/components/Hero';
import '../styles/home.css';
import { Testimonials } from '../features/home/components/Testimonials';
import { TrustedBy } from '../features/home/components/TrustedBy';

/** `/`: hero with search, the categories, the signed-in student's courses to continue, trusted-by strip, featured courses, testimonials and a call to action. */
export default function HomePage() {
  usePageTitle('');
  return (
    <StorefrontPage>
      <Hero />
      <CategoryStrip />
      <ContinueLearning />
      <TrustedBy />
      <FeaturedCourses />
      <Testimonials />
      <CallToAction />
    </StorefrontPage>
  );
}

/**
 * The server renders the page with the featured courses (the shell's prefetch for `/`, the same
 * path) and the categories in the cache. The categories are a nicety: when they fail, the page is
 * still rendered, the strip says it is loading, and the browser asks again.
 */
export const loadPageData: PageDataLoader = async (client) => {
  await Promise.all([client.prefetchQuery(featuredQuery()), client.prefetchQuery(categoriesQuery())]);
  client.removeQueries({
    queryKey: categoriesQuery().queryKey,
    predicate: (query) => query.state.status !== 'success',
  });
};
