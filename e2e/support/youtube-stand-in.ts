import type { Page } from 'playwright-core';

/** What a test reads of the stand-in's players and drives them with (in the page, `window.__youtube`). */
export interface StandInPlayers {
  /** Every player created, in order: its video, where it was sought to, and its state. */
  players: Array<{ videoId: string; seeks: number[]; time: number; state: number }>;
}

/**
 * YouTube is not reachable from the test machines: the IFrame API script
 * (`https://www.youtube.com/iframe_api`) is answered with a stand-in that has the real API's shape
 * (`YT.Player(element, { videoId, playerVars, events: { onReady, onStateChange } })`, `seekTo`,
 * `getCurrentTime`, `getDuration`, `playVideo`, `pauseVideo`, `destroy`, `YT.PlayerState`), leaving
 * the page's element as it is. The test plays and ends videos with `playTo` and `endVideo`.
 */
export async function useYouTubeStandIn(page: Page): Promise<void> {
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
  );
}

/** Plays the newest player from where it is to `seconds` (time updates and PLAYING, as a viewer would). */
export function playTo(page: Page, seconds: number): Promise<void> {
  return page.evaluate((to) => (window as unknown as StandInWindow).__youtube.playTo(to), seconds);
}

/** The newest player pauses (PAUSED), where it is. */
export function pauseVideo(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as StandInWindow).__youtube.pause());
}

/** The newest player's video reaches its end (ENDED). */
export function endVideo(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as StandInWindow).__youtube.end());
}

/** The stand-in's players as the page has them. */
export function standInPlayers(page: Page): Promise<StandInPlayers['players']> {
  return page.evaluate(() =>
    (window as unknown as StandInWindow).__youtube.players.map(({ videoId, seeks, time, state }) => ({
      videoId,
      seeks,
      time,
      state,
    })),
  );
}

interface StandInWindow {
  __youtube: StandInPlayers & { playTo(seconds: number): void; pause(): void; end(): void };
}

/** The stand-in's script, as the page runs it (plain JavaScript: nothing of the test's build in it). */
const STAND_IN = String.raw`(() => {
  const DURATION = 120;
  const State = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  const players = [];
  class Player {
    constructor(target, options = {}) {
      // The page's own element (an embed's iframe) stays as it is: the page owns it.
      const element = typeof target === 'string' ? document.getElementById(target) : target;
      const src = (element && element.getAttribute && element.getAttribute('src')) || '';
      const fromSrc = /\/embed\/([\w-]{6,})/.exec(src);
      this.entry = {
        videoId: options.videoId || (fromSrc ? fromSrc[1] : ''),
        seeks: [],
        time: (options.playerVars && options.playerVars.start) || 0,
        state: State.UNSTARTED,
        events: options.events || {},
        self: this,
      };
      players.push(this.entry);
      setTimeout(() => this.entry.events.onReady && this.entry.events.onReady({ target: this }), 0);
    }
    setState(state) {
      this.entry.state = state;
      if (this.entry.events.onStateChange) this.entry.events.onStateChange({ target: this, data: state });
    }
    seekTo(seconds) { this.entry.seeks.push(seconds); this.entry.time = seconds; }
    getCurrentTime() { return this.entry.time; }
    getDuration() { return DURATION; }
    getPlayerState() { return this.entry.state; }
    playVideo() { this.setState(State.PLAYING); }
    pauseVideo() { this.setState(State.PAUSED); }
    stopVideo() { this.setState(State.CUED); }
    loadVideoById(video, start) {
      this.entry.videoId = typeof video === 'string' ? video : video.videoId;
      this.entry.time = typeof video === 'string' ? start || 0 : video.startSeconds || 0;
      this.setState(State.PLAYING);
    }
    cueVideoById(video, start) { this.loadVideoById(video, start); this.setState(State.CUED); }
    destroy() {}
  }
  const current = () => {
    const player = players[players.length - 1];
    if (!player) throw new Error('No YouTube player on the page');
    return player;
  };
  window.YT = { Player, PlayerState: State, loaded: 1 };
  window.__youtube = {
    players,
    playTo(seconds) {
      const player = current();
      player.time = seconds;
      player.self.setState(State.PLAYING);
    },
    pause() {
      current().self.setState(State.PAUSED);
    },
    end() {
      const player = current();
      player.time = DURATION;
      player.self.setState(State.ENDED);
    },
  };
  setTimeout(() => window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady(), 0);
})();`;
