import { type EducatorVideo, EmptyState, loadAntd, QueryStates, useSession, useToast } from '@courseport/shared-ui';
import { lazy, useMemo, useState } from 'react';
import { VIDEOS_PAGE_SIZE } from '../api/videos';
import { LoadWhen } from '../components/LoadWhen';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { UploadPanel } from '../features/videos/components/UploadPanel';
import { VideosList } from '../features/videos/components/VideosList';
import { DELETE_FAILED, useDeleteVideo, useStartUpload, useVideos } from '../features/videos/hooks/useVideos';
import { type UploadItem, useUploads } from '../features/videos/upload/uploads';
import '../styles/add-course.css';
import '../styles/lessons.css';
import '../styles/videos.css';

// antd's dialogs are not in the page's first load (#34): the captions dialog's chunk loads when
// first opened (or when its button is pointed at or focused: VideosList), and so does the confirmation.
const CaptionsDialog = lazy(() =>
  import('../features/videos/components/CaptionsDialog').then((m) => ({ default: m.CaptionsDialog })),
);

export const EMPTY_TITLE = 'No videos yet';
export const DELETE_TEXT = 'Its file, its qualities and its captions are deleted for good. This cannot be undone.';
export const EMPTY_TEXT = 'No videos yet — upload your first recording';

/**
 * /educator/videos (#33): the educator's hosted videos: upload (resumable), each video's state as
 * it is uploaded, queued, processed, ready or failed (asked again every 2 s while one is under way),
 * captions, delete. A lesson plays one through the lesson editor's "Hosted video".
 */
export default function VideosPage() {
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  const [page, setPage] = useState(1);
  const { state, retry } = useVideos(page, isEducator);
  const startUpload = useStartUpload();
  const remove = useDeleteVideo();
  const items = useUploads((s) => s.items);
  const uploads = useMemo(() => {
    const byVideo = new Map<string, UploadItem>();
    for (const item of items) if (item.videoId) byVideo.set(item.videoId, item);
    return byVideo;
  }, [items]);
  const [captionsFor, setCaptionsFor] = useState<string | null>(null);
  const shownVideos = state.status === 'ready' ? state.data.videos : [];
  const captionsVideo = shownVideos.find((video) => video.videoId === captionsFor) ?? null;

  const toast = useToast();
  const confirmDelete = (video: EducatorVideo) =>
    loadAntd
      .modal()
      .then(({ Modal }) =>
        Modal.confirm({
          title: 'Delete this video?',
          content: (
            <>
              <strong>{video.fileName}</strong>
              <p style={{ margin: '8px 0 0' }}>{DELETE_TEXT}</p>
            </>
          ),
          okText: 'Delete',
          okButtonProps: { danger: true },
          cancelText: 'Cancel',
          onOk: () => {
            remove.mutate(video);
          },
        }),
      )
      .catch((error: unknown) => toast.failure(error, DELETE_FAILED, { network: 'fallback' }));

  const content =
    !isEducator && sessionKnown ? (
      <EmptyState title="Educator access required" description="Only educators upload videos." />
    ) : (
      <QueryStates
        state={state}
        loadingText="Loading videos..."
        errorTitle="Error Loading Videos"
        onRetry={retry}
        isEmpty={(data) => data.videos.length === 0 && data.total === 0}
        empty={<EmptyState title={EMPTY_TITLE} description={EMPTY_TEXT} />}
      >
        {(data) => (
          <VideosList
            videos={data.videos}
            total={data.total}
            page={page}
            pageSize={VIDEOS_PAGE_SIZE}
            onPageChange={setPage}
            uploads={uploads}
            deletingId={remove.isPending ? remove.variables.videoId : null}
            onCaptions={(video) => setCaptionsFor(video.videoId)}
            onDelete={confirmDelete}
          />
        )}
      </QueryStates>
    );

  return (
    <div className="ed-page">
      <PageHeader
        title="Videos"
        subtitle="Upload your recordings once: they play in any lesson, in the quality each viewer's connection allows, with captions."
      />
      {isEducator && <UploadPanel onFile={(file) => void startUpload(file)} />}
      {content}
      <LoadWhen when={captionsVideo !== null}>
        <CaptionsDialog video={captionsVideo} onClose={() => setCaptionsFor(null)} />
      </LoadWhen>
    </div>
  );
}
