import { Button, type EducatorProfile, INSTRUCTOR_BIO_MAX_LENGTH, Link } from '@courseport/shared-ui';
import { useId, useState } from 'react';

export const BIO_LABEL = 'About you';
export const BIO_TOO_LONG = `Your bio must be at most ${INSTRUCTOR_BIO_MAX_LENGTH} characters`;

/**
 * The bio students read on the educator's instructor page: plain text (line breaks kept), at most
 * `INSTRUCTOR_BIO_MAX_LENGTH` characters, as the server checks it.
 */
export function BioForm({
  profile,
  saving,
  onSave,
}: {
  profile: EducatorProfile;
  saving: boolean;
  onSave: (bio: string) => void;
}) {
  const [bio, setBio] = useState(profile.bio);
  const id = useId();
  const tooLong = bio.trim().length > INSTRUCTOR_BIO_MAX_LENGTH;
  const unchanged = bio.trim() === profile.bio;
  return (
    <form
      className="ed-profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) onSave(bio);
      }}
    >
      <label htmlFor={`${id}-bio`} className="ed-profile-label">
        {BIO_LABEL}
      </label>
      <p id={`${id}-hint`} className="ed-profile-hint">
        Who you are and what you teach, in plain text. Students see it on your instructor page.
      </p>
      <textarea
        id={`${id}-bio`}
        className="ed-profile-bio"
        rows={8}
        value={bio}
        onChange={(event) => setBio(event.target.value)}
        aria-describedby={`${id}-hint ${id}-count${tooLong ? ` ${id}-error` : ''}`}
        aria-invalid={tooLong}
      />
      <p id={`${id}-count`} className="ed-profile-count">
        {`${bio.trim().length} / ${INSTRUCTOR_BIO_MAX_LENGTH}`}
      </p>
      {tooLong && (
        <p id={`${id}-error`} className="ed-profile-error" role="alert">
          {BIO_TOO_LONG}
        </p>
      )}
      <div className="ed-profile-actions">
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving || tooLong || unchanged}>
          Save
        </Button>
        <Link to={`/instructor/${encodeURIComponent(profile._id)}`}>View your instructor page</Link>
      </div>
    </form>
  );
}
