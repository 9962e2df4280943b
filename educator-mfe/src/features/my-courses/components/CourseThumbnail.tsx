import { LogoMark } from '@courseport/shared-ui';
import { useState } from 'react';

/** A course's thumbnail; a neutral placeholder (still named by the title) when the image cannot load. */
export function CourseThumbnail({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <span className="ed-course-thumb ed-course-thumb-empty" role="img" aria-label={title}>
        <LogoMark size={22} />
      </span>
    );
  }
  return <img className="ed-course-thumb" src={src} alt={title} loading="lazy" onError={() => setFailed(true)} />;
}
