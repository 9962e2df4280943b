import { errorText, Link, useQuery } from '@courseport/shared-ui';
import { categoriesQuery } from '../../../api/catalog';
import { categoryPath } from '../../../lib/catalog-params';

/**
 * 'Browse by category': a link to the course list of each category that has a published course,
 * with how many it has. While loading it says so; a failure offers 'Try again'; with no category
 * in use the strip is left out (a fresh catalog shows no empty strip).
 */
export function CategoryStrip() {
  const { data, error, status, refetch } = useQuery(categoriesQuery());
  const categories = data?.filter((category) => category.courseCount > 0) ?? [];
  if (status === 'success' && categories.length === 0) return null;
  return (
    <section className="sf-category-strip" aria-labelledby="sf-categories-title">
      <div className="sf-container">
        <h2 id="sf-categories-title" className="sf-category-title">
          Browse by category
        </h2>
        <nav aria-labelledby="sf-categories-title" aria-busy={status === 'pending' || undefined}>
          {status === 'pending' && <p className="sf-category-note">Loading categories...</p>}
          {status === 'error' && (
            <p className="sf-category-note">
              Could not load categories. {errorText(error, 'Failed to fetch categories')}{' '}
              <button type="button" className="sf-text-button" onClick={() => void refetch()}>
                Try again
              </button>
            </p>
          )}
          {status === 'success' && (
            <ul className="sf-category-list">
              {categories.map((category) => (
                <li key={category.slug}>
                  <Link to={categoryPath(category.slug)} className="sf-category-link">
                    <span className="sf-category-name">{category.name}</span>
                    <span className="sf-category-count">
                      {category.courseCount === 1 ? '1 course' : `${category.courseCount} courses`}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
      </div>
    </section>
  );
}
