// Types of web-pages.mjs, for the TypeScript that imports it (the e2e budget test).
export type PageUser = 'visitor' | 'student' | 'educator' | 'admin';
export interface MeasuredPage {
  key: string;
  name: string;
  path: string;
  user: PageUser;
  content: string;
  ceilingKb?: number;
}
export const FIRST_LOAD_BUDGET_KB: number;
export const STOREFRONT_PAGES: MeasuredPage[];
export const STUDENT_PAGES: MeasuredPage[];
export const EDUCATOR_PAGES: MeasuredPage[];
export const ADMIN_PAGES: MeasuredPage[];
export const MEASURED_PAGES: MeasuredPage[];
export function pagePath(path: string, ids: { id?: string; courseId?: string; ownCourseId?: string }): string;
