import type { ReactNode } from 'react';
import '../styles/learner.css';

/** The frame of every learner page: the portal's colours and a centred, padded column. */
export function LearnerPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // A div, not <main>: the shell's frame already is the page's main landmark.
    <div className={className ? `ln-page cp-page ${className}` : 'ln-page cp-page'}>
      <div className="ln-container">{children}</div>
    </div>
  );
}
