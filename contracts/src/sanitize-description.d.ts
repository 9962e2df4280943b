/** A course description's HTML with only the description allow-list's tags, attributes and link schemes. */
export declare function sanitizeDescription(html: string): string;
