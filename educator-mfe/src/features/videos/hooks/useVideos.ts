import {
  type EducatorVideo,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { useCallback } from 'react';
import { isVideoBusy, type VideosPage, videoKeys, videosQuery } from '../../../api/videos';
import { deleteCaptions, deleteVideo, putCaptions } from '../api/videoActions';
import { startUpload, useUploads } from '../upload/uploads';

export const VIDEOS_FAILED = 'Failed to fetch your videos';
export const DELETE_FAILED = 'Failed to delete the video';
/** How often the list is asked again while a video is uploading, queued or processing. */
export const POLL_MS = 2_000;

/**
 * One page of the educator's videos; while one of them is on its way (uploading, queued,
 * processing) or this tab is uploading, it is asked again every `POLL_MS`, and not otherwise.
 */
export const useVideos = (page: number, enabled = true) =>
  useQueryState(
    useQuery({
      ...videosQuery(page),
      placeholderData: keepPreviousData,
      enabled,
      refetchInterval: (query) =>
        query.state.data?.videos.some((video) => isVideoBusy(video.status)) || useUploads.getState().items.length > 0
          ? POLL_MS
          : false,
    }),
    { fallback: VIDEOS_FAILED, network: 'fallback', toast: 'background' },
  );

/** A video as the server now has it, in every list of videos in the cache. */
function useKeepVideo() {
  const client = useQueryClient();
  return useCallback(
    (video: EducatorVideo) => {
      client.setQueriesData<VideosPage | EducatorVideo[]>({ queryKey: videoKeys.all }, (data) => {
        if (!data) return data;
        const swap = (list: EducatorVideo[]) => list.map((v) => (v.videoId === video.videoId ? video : v));
        return Array.isArray(data) ? swap(data) : { ...data, videos: swap(data.videos) };
      });
    },
    [client],
  );
}

/** Uploads files (see `startUpload`): the list is asked again as each is made, finished or refused. */
export function useStartUpload() {
  const client = useQueryClient();
  const toast = useToast();
  return useCallback(
    (file: File) => {
      const refresh = () => void client.invalidateQueries({ queryKey: videoKeys.all });
      return startUpload(file, {
        onCreated: refresh,
        onDone: (item) => {
          toast.success(`“${item.fileName}” is uploaded: it is being processed`);
          refresh();
        },
        onFailed: refresh,
      });
    },
    [client, toast],
  );
}

/** Deletes a video (after the page's confirmation); the server's refusal (a lesson plays it) is told. */
export function useDeleteVideo() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (video: EducatorVideo) => deleteVideo(video.videoId),
    onSuccess: (_res, video) => toast.success(`“${video.fileName}” is deleted`),
    onError: (error) => toast.failure(error, DELETE_FAILED, { network: 'fallback' }),
    onSettled: () => client.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

/** Adds (or replaces) a language's captions; the caller shows a refusal where the form is. */
export function usePutCaptions() {
  const keep = useKeepVideo();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ videoId, lang, label, text }: { videoId: string; lang: string; label: string; text: string }) =>
      putCaptions(videoId, lang, label, text),
    onSuccess: (video, { label }) => {
      keep(video);
      toast.success(`${label} captions saved`);
    },
  });
}

export function useDeleteCaptions() {
  const keep = useKeepVideo();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ videoId, lang }: { videoId: string; lang: string; label: string }) => deleteCaptions(videoId, lang),
    onSuccess: (video, { label }) => {
      keep(video);
      toast.success(`${label} captions deleted`);
    },
  });
}
