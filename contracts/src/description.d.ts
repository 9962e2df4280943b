/** The tags a course description keeps (text formatting, headings, lists, links). */
export declare const DESCRIPTION_ALLOWED_TAGS: readonly string[];
/** The attributes a link in a description keeps (no other tag keeps any). */
export declare const DESCRIPTION_LINK_ATTRIBUTES: readonly string[];
/** The URL schemes a link in a description may use. */
export declare const DESCRIPTION_LINK_SCHEMES: readonly string[];
/** Every kept link opens in a new tab… */
export declare const DESCRIPTION_LINK_TARGET: '_blank';
/** …without the opener, a referrer or the site's endorsement. */
export declare const DESCRIPTION_LINK_REL: 'noopener noreferrer nofollow';
