import { formatPrice } from '@courseport/shared-ui';

/** 'Rs 539.10' for 53,910 paise (the API's coupon amounts). */
export const rupeesFromPaise = (paise: number) => `Rs ${formatPrice(paise / 100)}`;
