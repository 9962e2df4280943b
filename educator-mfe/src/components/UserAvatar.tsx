import { Avatar } from '@courseport/shared-ui/antd/avatar';
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
 * when the name is unknown too).
 */
export function UserAvatar({ name, imageUrl, size = 36 }: { name: string; imageUrl?: string | null; size?: number }) {
  const letters = initials(name);
  return (
    <Avatar
      size={size}
      src={imageUrl || undefined}
      alt={name ? `${name}'s avatar` : 'Avatar'}
      icon={letters ? undefined : <PersonIcon />}
      style={{
        backgroundColor: 'var(--cp-color-primary-bg-strong)',
        color: 'var(--cp-color-primary-strong)',
        flexShrink: 0,
        fontSize: Math.round(size * 0.4),
        fontWeight: 600,
      }}
    >
      {letters || undefined}
    </Avatar>
  );
}
