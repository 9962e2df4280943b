/** The dashboard's tabs, each an address of its own (the shell mounts the portal at /admin/*). */
export const PATHS = {
  requests: '/admin',
  emails: '/admin/emails',
  purchases: '/admin/purchases',
  reviews: '/admin/reviews',
  categories: '/admin/categories',
  releases: '/admin/releases',
  payouts: '/admin/payouts',
  discussions: '/admin/discussions',
} as const;
