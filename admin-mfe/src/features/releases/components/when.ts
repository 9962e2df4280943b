import { formatDate } from '@courseport/shared-ui';

/** An ISO time as a date and a time of day: '15 Mar 2025, 09:30' (releases happen several times a day). */
export const formatWhen = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
