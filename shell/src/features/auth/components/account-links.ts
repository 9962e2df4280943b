/** The account's own pages, in both account menus (local accounts and Clerk). */
export const ACCOUNT_LINKS = [
  { key: 'wishlist', label: 'Wishlist', to: '/wishlist' },
  { key: 'purchase-history', label: 'Purchase history', to: '/purchase-history' },
  { key: 'notification-settings', label: 'Notification settings', to: '/settings/notifications' },
] as const;
