import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'primary' | 'default' | 'dashed' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  shape?: 'default' | 'round' | 'circle';
  htmlType?: 'button' | 'submit' | 'reset';
  danger?: boolean;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

/**
 * The platform's button: antd's look (same sizes, shapes and theme colours, see global.css)
 * without antd's code, so the first page load does not need antd at all.
 */
export function Button({
  type = 'default',
  size = 'middle',
  shape = 'default',
  htmlType = 'button',
  danger = false,
  block = false,
  loading = false,
  icon,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'cp-btn',
    `cp-btn-${type}`,
    size !== 'middle' && `cp-btn-${size}`,
    shape !== 'default' && `cp-btn-${shape}`,
    danger && 'cp-btn-danger',
    block && 'cp-btn-block',
    loading && 'cp-btn-loading',
    className,
  ];
  return (
    <button
      {...rest}
      type={htmlType}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : rest.onClick}
    >
      {loading ? <Spinner size="small" /> : icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}
