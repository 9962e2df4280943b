import { type ThumbnailImage, thumbnailRenditions } from '@courseport/contracts';
import { type CSSProperties, type ImgHTMLAttributes, useCallback, useState } from 'react';

/** The platform's thumbnails are 16:9: the size an `<img>` reserves when the course has no renditions yet. */
const FALLBACK_WIDTH = 640;
const FALLBACK_HEIGHT = 360;

export interface CourseImageProps {
  course: { courseTitle: string; courseThumbnail: string; thumbnail?: ThumbnailImage };
  /** The image's drawn width at each screen width, as the page's CSS lays it out (the `sizes` attribute). */
  sizes: string;
  /** The page's LCP image: loaded at once and first. Otherwise lazily, below the fold. */
  priority?: boolean;
  /** The course's title by default; '' for a decorative image. */
  alt?: string;
  className?: string;
  onError?: () => void;
}

/**
 * A course's thumbnail. With its renditions (`course.thumbnail`): a `<picture>` with one source per
 * better format and the JPEGs as the `<img>`'s srcset, so the browser downloads the width the
 * layout needs (`sizes`); the `width`/`height` reserve its box, and the blurred placeholder fills
 * it until the image has loaded. Without them (a course not processed yet): `courseThumbnail`.
 */
export function CourseImage({ course, sizes, priority = false, alt, className, onError }: CourseImageProps) {
  const { thumbnail } = course;
  // The renditions whose image has loaded (a new course's image shows its own placeholder).
  const [loadedBase, setLoadedBase] = useState<string | null>(null);
  const base = thumbnail?.base ?? null;
  // An image from the memory cache may be complete before React listens for its load event.
  const whenComplete = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth > 0) setLoadedBase(base);
    },
    [base],
  );

  const loading: ImgHTMLAttributes<HTMLImageElement> = priority
    ? { loading: 'eager', fetchPriority: 'high' }
    : { loading: 'lazy', decoding: 'async' };
  const text = alt ?? course.courseTitle;
  const common = { className, onError, ...loading };

  if (!thumbnail) {
    return <img {...common} alt={text} width={FALLBACK_WIDTH} height={FALLBACK_HEIGHT} src={course.courseThumbnail} />;
  }

  const { sources, img, placeholder } = thumbnailRenditions(thumbnail);
  const style: CSSProperties | undefined =
    placeholder && loadedBase !== base
      ? {
          backgroundImage: `url("${placeholder}")`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          backgroundRepeat: 'no-repeat',
        }
      : undefined;
  return (
    <picture className="cp-picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        {...common}
        alt={text}
        ref={whenComplete}
        width={img.width}
        height={img.height}
        sizes={sizes}
        srcSet={img.srcSet}
        src={img.src}
        style={style}
        onLoad={() => setLoadedBase(base)}
      />
    </picture>
  );
}
