/** A loading spinner (antd's Spin look, in CSS). */
export function Spinner({ size = 'default' }: { size?: 'small' | 'default' | 'large' }) {
  return <span className={`cp-spinner cp-spinner-${size}`} aria-hidden="true" />;
}
