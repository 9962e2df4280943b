import {
  invalidateAfterProgress,
  type ProjectSubmission,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { useState } from 'react';
import { submissionKey, submissionQuery, submitProjectFile, submitProjectLink } from '../api/lessons';

/** What the student sends: a link, or a file (uploaded with its progress), and a note. */
export type ProjectEntry = { kind: 'link'; url: string; note: string } | { kind: 'file'; file: File; note: string };

/**
 * A project lesson's submission (the student's, or none), and submitting one: a file's upload
 * tells its progress (0–1 in `uploaded`); the submission is fetched again afterwards.
 */
export function useProjectSubmission(courseId: string, lectureId: string, enabled: boolean) {
  const client = useQueryClient();
  const toast = useToast();
  const query = useQuery({ ...submissionQuery(courseId, lectureId), enabled });
  const { state } = useQueryState(query, { fallback: 'Failed to load your submission' });
  const [uploaded, setUploaded] = useState<number | null>(null);

  const submitting = useMutation({
    mutationFn: (entry: ProjectEntry) => {
      if (entry.kind === 'link') return submitProjectLink(courseId, lectureId, entry.url, entry.note);
      setUploaded(0);
      return submitProjectFile(courseId, lectureId, entry.file, entry.note, setUploaded);
    },
    onSuccess: (submission: ProjectSubmission | null) => {
      toast.success('Your project was submitted for review');
      if (submission) client.setQueryData(submissionKey(courseId, lectureId), submission);
      void client.invalidateQueries({ queryKey: submissionKey(courseId, lectureId) });
      if (submission?.status === 'accepted') return invalidateAfterProgress(courseId, client);
    },
    onSettled: () => setUploaded(null),
  });

  return {
    state,
    retry: () => void query.refetch(),
    submit: (entry: ProjectEntry, onDone: () => void) => submitting.mutate(entry, { onSuccess: onDone }),
    submitting: submitting.isPending,
    submitError: submitting.error,
    uploaded,
  };
}
