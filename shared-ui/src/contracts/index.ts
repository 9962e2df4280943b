/**
 * `@courseport/shared-ui/contracts`: the platform's contracts (`@courseport/contracts`: types,
 * limits, course stats, text helpers). React-free and DOM-free; the API and the shell's server
 * import `@courseport/contracts` itself.
 */
export * from '@courseport/contracts';
