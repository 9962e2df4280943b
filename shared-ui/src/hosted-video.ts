// `@courseport/shared-ui/hosted-video` (#33): the player of the videos the platform hosts. Not in
// the shared-ui singleton: only the pages that play a hosted video bundle it (load it on demand,
// `React.lazy`), and hls.js comes later still, with the first video played where the browser has
// Media Source Extensions.

export {
  HostedVideo,
  type HostedVideoControls,
  type HostedVideoProps,
  PLAYBACK_RATES,
} from './hosted-video/HostedVideo';
export { preloadStream as preloadHostedVideo } from './hosted-video/stream';
