import { queryKeys, type Role } from '@courseport/shared-ui';
import { testQueryClient } from '@courseport/shared-ui/testing';
import { loadPageData } from '../src/pages/EducatorPortal';

/**
 * The query cache as the shell's server fills it before rendering a page (#34): the signed-in
 * user's profile (`roles`), then `loadPageData` for the page at `/educator/<page>`.
 */
export async function serverData(page: string, query?: URLSearchParams, roles: Role[] = ['student', 'educator']) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.user.profile(), {
    _id: 'u1',
    email: 'grace@example.com',
    name: 'grace.profile',
    imageUrl: '',
    roles,
    enrolledCourses: [],
  });
  await loadPageData(client, { '*': page }, query);
  return client;
}
