// hls.js's light build has the same API as the full one, without types of its own in the package.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
