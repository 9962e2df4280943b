import { apiRequest, type EducatorVideo } from '@courseport/shared-ui';
import { videoPath } from '../../../api/videos';

/** `DELETE /api/educator/videos/:id` (409 with the course's title while a lesson plays it). */
export const deleteVideo = (videoId: string) => apiRequest(videoPath(videoId), { method: 'DELETE' });

const captionsPath = (videoId: string, lang: string) => `${videoPath(videoId)}/captions/${encodeURIComponent(lang)}`;

/** `PUT …/captions/:lang` `{ label, text }` (WebVTT or SRT): adds or replaces that language's track. */
export async function putCaptions(videoId: string, lang: string, label: string, text: string): Promise<EducatorVideo> {
  const res = await apiRequest<{ video: EducatorVideo }>(captionsPath(videoId, lang), {
    method: 'PUT',
    body: { label, text },
  });
  return res.video;
}

/** `DELETE …/captions/:lang`. */
export async function deleteCaptions(videoId: string, lang: string): Promise<EducatorVideo> {
  const res = await apiRequest<{ video: EducatorVideo }>(captionsPath(videoId, lang), { method: 'DELETE' });
  return res.video;
}
