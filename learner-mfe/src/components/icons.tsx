import type { ReactNode } from 'react';

/** Small inline icons (the portal uses no icon library). */

interface IconProps {
  /** Text for screen readers; without it the icon is decorative. */
  label?: string;
  className?: string;
  size?: number;
}

function Icon({ label, className, size = 18, children }: IconProps & { children: ReactNode }) {
  if (label) {
    return (
      <svg
        className={className}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        focusable="false"
        role="img"
        aria-label={label}
      >
        {children}
      </svg>
    );
  }
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" focusable="false" aria-hidden="true">
      {children}
    </svg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M7.5 12.5l3 3 6-6.5"
        fill="none"
        style={{ stroke: 'var(--cp-color-text-inverse)' }}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </Icon>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 8.5l5.5 3.5-5.5 3.5z" fill="currentColor" />
    </Icon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon size={16} {...props}>
      <path
        d="M15 5l-7 7 7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M12 7v6"
        fill="none"
        style={{ stroke: 'var(--cp-color-text-inverse)' }}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <circle cx="12" cy="16.8" r="1.3" style={{ fill: 'var(--cp-color-text-inverse)' }} />
    </Icon>
  );
}
