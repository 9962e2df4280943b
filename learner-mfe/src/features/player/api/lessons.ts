import {
  ApiError,
  api,
  getRuntimeConfig,
  NETWORK_ERROR_MESSAGE,
  type ProjectSubmission,
  type QuizAnswer,
  type QuizAttemptResult,
  queryOptions,
  type ResourceLink,
  type StudentQuiz,
  sessionStore,
  statusText,
} from '@courseport/shared-ui';

const part = encodeURIComponent;

// ---------------------------------------------------------------------------------------------
// Quizzes

export const quizPath = (courseId: string, lectureId: string) =>
  `/api/user/courses/${part(courseId)}/quizzes/${part(lectureId)}`;
export const quizAttemptsPath = (courseId: string, lectureId: string) => `${quizPath(courseId, lectureId)}/attempts`;

/** Under `user`: cleared with the signed-in user's data. */
export const quizKey = (courseId: string, lectureId: string) => ['user', 'quiz', courseId, lectureId] as const;

/** `GET /api/user/courses/:courseId/quizzes/:lectureId` → `quiz`: the questions (no key) and the student's attempts. */
export const quizQuery = (courseId: string, lectureId: string) =>
  queryOptions({
    queryKey: quizKey(courseId, lectureId),
    queryFn: async () => (await api.get<{ quiz: StudentQuiz }>(quizPath(courseId, lectureId))).quiz,
  });

/** `POST …/quizzes/:lectureId/attempts` `{ answers }` → the graded attempt and the quiz as it now stands. */
export async function submitQuiz(courseId: string, lectureId: string, answers: QuizAnswer[]) {
  const res = await api.post<{ result: QuizAttemptResult; quiz: StudentQuiz }>(quizAttemptsPath(courseId, lectureId), {
    answers,
  });
  return { result: res.result, quiz: res.quiz };
}

// ---------------------------------------------------------------------------------------------
// Projects

export const submissionPath = (courseId: string, lectureId: string) =>
  `/api/user/courses/${part(courseId)}/projects/${part(lectureId)}/submission`;

export const submissionKey = (courseId: string, lectureId: string) =>
  ['user', 'project-submission', courseId, lectureId] as const;

/** `GET …/projects/:lectureId/submission` → `submission`: the student's, or null before the first. */
export const submissionQuery = (courseId: string, lectureId: string) =>
  queryOptions({
    queryKey: submissionKey(courseId, lectureId),
    queryFn: async () =>
      (await api.get<{ submission: ProjectSubmission | null }>(submissionPath(courseId, lectureId))).submission,
  });

/** `POST …/projects/:lectureId/submission` `{ url, note }`: a link. */
export async function submitProjectLink(courseId: string, lectureId: string, url: string, note: string) {
  const res = await api.post<{ submission?: ProjectSubmission }>(submissionPath(courseId, lectureId), { url, note });
  return res.submission ?? null;
}

/**
 * `POST …/projects/:lectureId/submission` as multipart (`file`, `note`), telling `onProgress` the
 * share sent (0–1). XMLHttpRequest, not fetch: only it reports an upload's progress.
 */
export async function submitProjectFile(
  courseId: string,
  lectureId: string,
  file: File,
  note: string,
  onProgress: (sent: number) => void,
): Promise<ProjectSubmission | null> {
  const form = new FormData();
  form.append('file', file);
  form.append('note', note);
  const res = await uploadWithProgress<{ submission?: ProjectSubmission }>(
    submissionPath(courseId, lectureId),
    form,
    onProgress,
  );
  return res.submission ?? null;
}

/** Posts `form` to the API with the session's bearer token; the `{ success, message }` envelope as `api` reads it. */
export async function uploadWithProgress<T extends object>(
  path: string,
  form: FormData,
  onProgress: (sent: number) => void,
): Promise<T> {
  const token = await sessionStore.getState().getToken();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', getRuntimeConfig().apiBaseUrl + path);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    request.onload = () => {
      let payload: ({ success?: boolean; message?: string } & T) | undefined;
      try {
        payload = JSON.parse(request.responseText) as { success?: boolean; message?: string } & T;
      } catch {
        payload = undefined;
      }
      if (request.status < 200 || request.status >= 300 || !payload || payload.success === false) {
        reject(new ApiError(payload?.message || statusText(request.status), request.status, payload));
      } else {
        onProgress(1);
        resolve(payload);
      }
    };
    request.send(form);
  });
}

// ---------------------------------------------------------------------------------------------
// Resources

export const resourceLinkPath = (courseId: string, resourceId: string) =>
  `/api/courses/${part(courseId)}/resources/${part(resourceId)}/link`;

/** `GET /api/courses/:courseId/resources/:resourceId/link` → a short-lived signed download link. */
export async function fetchResourceLink(courseId: string, resourceId: string): Promise<ResourceLink> {
  return (await api.get<{ link: ResourceLink }>(resourceLinkPath(courseId, resourceId))).link;
}
