/** The path of an educator's public page. */
export const instructorPath = (educatorId: string) => `/instructor/${encodeURIComponent(educatorId)}`;
