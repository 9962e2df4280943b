import {
  COURSE_CARD_THUMBNAIL_SIZES,
  COURSE_PAGE_THUMBNAIL_SIZES,
  type ThumbnailImage,
  thumbnailPreload,
  thumbnailRenditions,
} from '@courseport/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseImage } from '../src/components/CourseImage';

const PLACEHOLDER = 'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=';
const BASE = 'https://app.example/api/media/c1';
const thumbnail: ThumbnailImage = {
  base: BASE,
  width: 1280,
  height: 720,
  widths: [320, 640, 960, 1280],
  formats: ['avif', 'webp', 'jpeg'],
  placeholder: PLACEHOLDER,
};
const SIZES = '(min-width: 992px) 261px, 90vw';
const course = { courseTitle: 'React Basics', courseThumbnail: `${BASE}/640.jpeg`, thumbnail };
const legacy = { courseTitle: 'React Basics', courseThumbnail: 'https://img.example.com/react.jpg' };

const srcSet = (format: string) =>
  `${BASE}/320.${format} 320w, ${BASE}/640.${format} 640w, ${BASE}/960.${format} 960w, ${BASE}/1280.${format} 1280w`;

describe('CourseImage with renditions', () => {
  it('draws a <picture>: a source per better format, the JPEGs as the img srcset, sizes everywhere', () => {
    const { container } = render(<CourseImage course={course} sizes={SIZES} className="thumb" />);
    const picture = container.querySelector('picture');
    expect(picture).toHaveClass('cp-picture');
    const sources = [...container.querySelectorAll('source')];
    // AVIF, then WebP, then the img's JPEG: the browser takes the first type it can draw.
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute('srcset', srcSet('avif'));
    expect(sources[1]).toHaveAttribute('srcset', srcSet('webp'));
    for (const source of sources) expect(source).toHaveAttribute('sizes', SIZES);
    const img = screen.getByAltText('React Basics');
    expect(img.parentElement).toBe(picture);
    expect(img).toHaveAttribute('srcset', srcSet('jpeg'));
    expect(img).toHaveAttribute('sizes', SIZES);
    // The middle width as the JPEG fallback of a browser without srcset.
    expect(img).toHaveAttribute('src', `${BASE}/640.jpeg`);
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '720');
    expect(img).toHaveClass('thumb');
  });

  it('orders the sources best format first and leaves the fallback format to the img', () => {
    const { container } = render(
      <CourseImage
        course={{ ...course, thumbnail: { ...thumbnail, formats: ['avif', 'webp', 'jpeg'], widths: [320, 480] } }}
        sizes="112px"
      />,
    );
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute('srcset', `${BASE}/320.avif 320w, ${BASE}/480.avif 480w`);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('srcset', `${BASE}/320.jpeg 320w, ${BASE}/480.jpeg 480w`);
    expect(img).toHaveAttribute('src', `${BASE}/320.jpeg`);
  });

  it('loads lazily and decodes off the main thread below the fold', () => {
    render(<CourseImage course={course} sizes={SIZES} />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads the LCP image at once and first (priority)', () => {
    render(<CourseImage course={course} sizes={SIZES} priority />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('decoding');
  });

  it('shows the blurred placeholder as the background until the image has loaded', () => {
    render(<CourseImage course={course} sizes={SIZES} />);
    const img = screen.getByRole('img');
    expect(img.style.backgroundImage).toBe(`url("${PLACEHOLDER}")`);
    expect(img.style.backgroundSize).toBe('cover');
    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe('');
    expect(img.getAttribute('style') ?? '').not.toContain('data:');
  });

  it("shows another course's placeholder again when the course changes", () => {
    const { rerender } = render(<CourseImage course={course} sizes={SIZES} />);
    fireEvent.load(screen.getByRole('img'));
    rerender(<CourseImage course={{ ...course, thumbnail: { ...thumbnail, base: `${BASE}x` } }} sizes={SIZES} />);
    expect(screen.getByRole('img').style.backgroundImage).toBe(`url("${PLACEHOLDER}")`);
  });

  it('leaves out a placeholder that is not a data: image', () => {
    const bad = { ...course, thumbnail: { ...thumbnail, placeholder: 'x"); background: url("https://evil.example/' } };
    render(<CourseImage course={bad} sizes={SIZES} />);
    expect(screen.getByRole('img').getAttribute('style')).toBeNull();
  });

  it("takes the course's title as alt text, or the alt given ('' for a decorative image)", () => {
    const { rerender } = render(<CourseImage course={course} sizes={SIZES} />);
    expect(screen.getByRole('img', { name: 'React Basics' })).toBeInTheDocument();
    rerender(<CourseImage course={course} sizes={SIZES} alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('reports a failed image', () => {
    let failed = 0;
    render(<CourseImage course={course} sizes={SIZES} onError={() => failed++} />);
    fireEvent.error(screen.getByRole('img'));
    expect(failed).toBe(1);
  });
});

describe('CourseImage without renditions (a course not processed yet)', () => {
  it('draws courseThumbnail as a plain img with a 16:9 box', () => {
    const { container } = render(<CourseImage course={legacy} sizes={SIZES} className="thumb" />);
    expect(container.querySelector('picture, source')).toBeNull();
    const img = screen.getByAltText('React Basics');
    expect(img).toHaveAttribute('src', 'https://img.example.com/react.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveClass('thumb');
    expect(img.getAttribute('style')).toBeNull();
  });

  it('keeps the loading rules', () => {
    const { rerender } = render(<CourseImage course={legacy} sizes={SIZES} />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img')).toHaveAttribute('decoding', 'async');
    rerender(<CourseImage course={legacy} sizes={SIZES} priority />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img')).toHaveAttribute('fetchpriority', 'high');
  });
});

describe('thumbnailRenditions and thumbnailPreload (contracts)', () => {
  it('builds the renditions from the contract', () => {
    expect(thumbnailRenditions(thumbnail)).toEqual({
      sources: [
        { type: 'image/avif', srcSet: srcSet('avif') },
        { type: 'image/webp', srcSet: srcSet('webp') },
      ],
      img: { src: `${BASE}/640.jpeg`, srcSet: srcSet('jpeg'), width: 1280, height: 720 },
      placeholder: PLACEHOLDER,
    });
    // A JPEG-only image: no sources; no widths: the image's own.
    expect(thumbnailRenditions({ ...thumbnail, formats: ['jpeg'], widths: [] })).toMatchObject({
      sources: [],
      img: { src: `${BASE}/1280.jpeg`, srcSet: `${BASE}/1280.jpeg 1280w` },
    });
  });

  it("preloads the best format's candidates with the image's sizes, or the plain URL", () => {
    expect(thumbnailPreload(course, COURSE_PAGE_THUMBNAIL_SIZES)).toEqual({
      href: `${BASE}/640.jpeg`,
      imagesrcset: srcSet('avif'),
      imagesizes: COURSE_PAGE_THUMBNAIL_SIZES,
      type: 'image/avif',
    });
    // A thumbnail stored before AVIF (until the API's backfill reaches it): its WebP.
    expect(
      thumbnailPreload({ ...course, thumbnail: { ...thumbnail, formats: ['webp', 'jpeg'] } }, SIZES),
    ).toMatchObject({ imagesrcset: srcSet('webp'), type: 'image/webp' });
    expect(thumbnailPreload(legacy, COURSE_PAGE_THUMBNAIL_SIZES)).toEqual({ href: legacy.courseThumbnail });
    expect(thumbnailPreload(undefined, COURSE_PAGE_THUMBNAIL_SIZES)).toBeNull();
    expect(thumbnailPreload({ courseThumbnail: 7 }, COURSE_PAGE_THUMBNAIL_SIZES)).toBeNull();
  });

  it("names exactly the candidates and sizes a card's <picture> draws from, so one rendition is fetched once", () => {
    const { container } = render(<CourseImage course={course} sizes={COURSE_CARD_THUMBNAIL_SIZES} priority />);
    // The picture's first source, the AVIF: a browser that draws AVIF takes it, and the typed hint.
    const source = container.querySelector('source');
    expect(source).toHaveAttribute('type', 'image/avif');
    const hint = thumbnailPreload(course, COURSE_CARD_THUMBNAIL_SIZES);
    expect(hint?.imagesrcset).toBe(source?.getAttribute('srcset'));
    expect(hint?.imagesizes).toBe(source?.getAttribute('sizes'));
    expect(hint?.type).toBe(source?.getAttribute('type'));
  });
});

describe('COURSE_CARD_THUMBNAIL_SIZES (contracts)', () => {
  const entries = COURSE_CARD_THUMBNAIL_SIZES.split(', ');

  it('caps the density of a one-column card on phones at about 1.5×: the slot over each band’s upper density', () => {
    // 90vw × 1.5 / 3, / 2.5, / 2 (rounded), the highest density first (the first matching entry wins).
    expect(entries.slice(0, 3)).toEqual([
      '(max-width: 575px) and (min-resolution: 2.5dppx) 45vw',
      '(max-width: 575px) and (min-resolution: 2dppx) 54vw',
      '(max-width: 575px) and (min-resolution: 1.5dppx) 67vw',
    ]);
  });

  it("is otherwise the grid's drawn width, ending with the one-column 90vw", () => {
    expect(entries.slice(3)).toEqual([
      '(min-width: 1200px) 261px',
      '(min-width: 992px) calc(25vw - 39px)',
      '(min-width: 768px) calc(30vw - 14px)',
      '(min-width: 576px) calc(45vw - 10px)',
      '90vw',
    ]);
  });
});
