/** The placeholder avatar's path (served by the platform module; the default image of a new user). */
export const PLACEHOLDER_AVATAR_PATH = '/api/assets/avatar.svg';
