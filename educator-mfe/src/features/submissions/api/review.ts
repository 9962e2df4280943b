import { api, type ProjectSubmission, type ResourceLink } from '@courseport/shared-ui';

export type ReviewDecision = 'accept' | 'changes';

export const reviewPath = (submissionId: string) =>
  `/api/educator/project-submissions/${encodeURIComponent(submissionId)}/review`;
export const fileLinkPath = (submissionId: string) =>
  `/api/project-submissions/${encodeURIComponent(submissionId)}/file-link`;

/** `POST …/:id/review { decision, comment }`: accept, or ask for changes (the comment is then required). */
export async function reviewSubmission({
  submissionId,
  decision,
  comment,
}: {
  submissionId: string;
  decision: ReviewDecision;
  comment: string;
}) {
  return api.post<{ message?: string; submission?: ProjectSubmission }>(reviewPath(submissionId), {
    decision,
    comment,
  });
}

/** `GET /api/project-submissions/:id/file-link` → a short-lived signed link to a submitted file. */
export async function fetchFileLink(submissionId: string): Promise<ResourceLink> {
  const res = await api.get<{ link?: ResourceLink }>(fileLinkPath(submissionId));
  if (!res.link?.url) throw new Error('The answer has no link');
  return res.link;
}
