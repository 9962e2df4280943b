import {
  api,
  type EducatorVideo,
  formatVideoTime,
  queryKeys,
  queryOptions,
  type VideoStatus,
} from '@courseport/shared-ui';

/**
 * The educator's hosted videos (#33), shared by the Videos page and the lesson editor's choice of
 * a hosted video (two features, so here). Keys under `queryKeys.educator.all`.
 */
export const VIDEOS_PATH = '/api/educator/videos';
export const VIDEOS_PAGE_SIZE = 10;
/** The most the API gives in one page. */
const LARGEST_PAGE = 100;

export interface VideosPage {
  videos: EducatorVideo[];
  total: number;
}

export const videosPath = (offset: number, limit: number) => `${VIDEOS_PATH}?offset=${offset}&limit=${limit}`;
export const videoPath = (videoId: string) => `${VIDEOS_PATH}/${encodeURIComponent(videoId)}`;

export const videoKeys = {
  all: [...queryKeys.educator.all, 'videos'] as const,
  page: (page: number) => [...queryKeys.educator.all, 'videos', { page }] as const,
  ready: () => [...queryKeys.educator.all, 'videos', 'ready'] as const,
};

/** A video as the screens read it: lists always lists, unknowns null (whatever an older API left out). */
const videoOf = (video: EducatorVideo): EducatorVideo => ({
  ...video,
  renditions: Array.isArray(video.renditions) ? video.renditions : [],
  captions: Array.isArray(video.captions) ? video.captions : [],
  posterUrl: video.posterUrl ?? null,
  durationS: typeof video.durationS === 'number' ? video.durationS : null,
  failureReason: video.failureReason ?? null,
});

const pageOf = (res: Partial<VideosPage>): VideosPage => ({
  videos: Array.isArray(res.videos) ? res.videos.map(videoOf) : [],
  total: typeof res.total === 'number' ? res.total : 0,
});

/** One page of the caller's videos, newest first: `GET /api/educator/videos?offset=&limit=`. */
export const videosQuery = (page: number) =>
  queryOptions({
    queryKey: videoKeys.page(page),
    queryFn: async (): Promise<VideosPage> =>
      pageOf(await api.get<Partial<VideosPage>>(videosPath((page - 1) * VIDEOS_PAGE_SIZE, VIDEOS_PAGE_SIZE))),
  });

/** Whether a video is still on its way to ready: the list is polled while one is. */
export const isVideoBusy = (status: VideoStatus) =>
  status === 'uploading' || status === 'queued' || status === 'processing';

/** Every ready video of the caller (the lesson editor's choice), in pages of the largest size. */
export const readyVideosQuery = () =>
  queryOptions({
    queryKey: videoKeys.ready(),
    queryFn: async (): Promise<EducatorVideo[]> => {
      const all: EducatorVideo[] = [];
      for (let offset = 0; ; offset += LARGEST_PAGE) {
        const { videos, total } = pageOf(await api.get<Partial<VideosPage>>(videosPath(offset, LARGEST_PAGE)));
        all.push(...videos);
        if (videos.length === 0 || offset + LARGEST_PAGE >= total) break;
      }
      return all.filter((video) => video.status === 'ready');
    },
  });

/** "4:05" of a ready video, or '' when its length is not known. */
export const videoLength = (video: Pick<EducatorVideo, 'durationS'>) =>
  video.durationS === null ? '' : formatVideoTime(video.durationS);

/** A lesson's minutes for a video, as the API sets them (`ceil(durationS / 60)`). */
export const videoMinutes = (video: Pick<EducatorVideo, 'durationS'>) => Math.ceil((video.durationS ?? 0) / 60);

/** "240p–720p" (or "720p" for one): the renditions' heights, low to high. */
export function renditionsText(renditions: EducatorVideo['renditions']): string {
  const heights = [...new Set(renditions.map((r) => r.height))].sort((a, b) => a - b);
  if (heights.length === 0) return '';
  const low = heights[0] as number;
  const high = heights.at(-1) as number;
  return low === high ? `${low}p` : `${low}p–${high}p`;
}
