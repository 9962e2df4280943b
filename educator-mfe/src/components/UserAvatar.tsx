import { useState } from 'react';
import { PersonIcon } from './icons';

/** 'Ada Lovelace' → 'AL'; one word → its first letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * A person's picture; when there is none or it fails to load, their initials (or a person icon
 * when the name is unknown too). antd's Avatar look drawn here (`.ed-avatar`, layout.css): the
 * frame and the tables that show it need no antd in the first load (#34).
 */
export function UserAvatar({ name, imageUrl, size = 36 }: { name: string; imageUrl?: string | null; size?: number }) {
  const letters = initials(name);
  // The picture that failed (a new address is tried again).
  const [failed, setFailed] = useState<string | null>(null);
  const src = imageUrl && imageUrl !== failed ? imageUrl : null;
  return (
    <span className="ed-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}>
      {src ? (
        <img src={src} alt={name ? `${name}'s avatar` : 'Avatar'} onError={() => setFailed(src)} />
      ) : letters ? (
        <span className="ed-avatar-letters">{letters}</span>
      ) : (
        <PersonIcon />
      )}
    </span>
  );
}
