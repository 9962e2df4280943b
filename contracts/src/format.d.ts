/** The price after a percentage discount, rounded to two decimals: `discountedPrice(499, 10)` → 449.1. */
export declare function discountedPrice(price: number, discount?: number): number;
/** A price with two decimals: `formatPrice(499)` → '499.00'. */
export declare function formatPrice(value: number): string;
/**
 * An amount with its currency label: `money('Rs', 399.2)` → 'Rs 399.20'; with `dropZeroCents`, a whole
 * amount without cents (`money('Rs', 1198, { dropZeroCents: true })` → 'Rs 1198').
 */
export declare function money(currency: string, amount: number, options?: { dropZeroCents?: boolean }): string;
/** Minutes as hours and minutes: 65 → '1h 5m', 45 → '45m'; empty, zero or negative → '0m'. */
export declare function formatDuration(minutes: number | null | undefined): string;
/** An ISO time as a short local date with the month's name: '15 Mar 2025' (en-GB), 'Mar 15, 2025' (en-US). */
export declare const formatDate: (iso: string) => string;
/** `plural(1, 'lecture')` → '1 lecture', `plural(3, 'lecture')` → '3 lectures', `plural(0, 'lecture')` → '0 lectures'. */
export declare const plural: (count: number, noun: string) => string;
/** The video id of a lecture URL: its last path segment (`https://youtu.be/abc123?t=5` → 'abc123'); '' when none. */
export declare function videoIdFromUrl(url: string | null | undefined): string;
