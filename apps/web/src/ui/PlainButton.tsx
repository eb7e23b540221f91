import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain-button.css';

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  icon?: ReactNode;
  /** 'text': no border or background until hovered (antd's `type="text"`). */
  variant?: 'default' | 'text';
  danger?: boolean;
}

/**
 * A small button that looks like antd's `<Button size="small">` but is a bare `<button>`: no hooks, no
 * wave effect, no style registration. For controls repeated on every row of a virtual table, where
 * antd's Button made scrolling janky (DESIGN §8); everywhere else use antd's Button.
 */
export function PlainButton({
  icon,
  variant = 'default',
  danger,
  className,
  children,
  ...rest
}: PlainButtonProps) {
  const classes = ['plain-button', `plain-button-${variant}`];
  if (danger) classes.push('plain-button-danger');
  if (icon && children === undefined) classes.push('plain-button-icon-only');
  if (className) classes.push(className);
  return (
    <button type="button" className={classes.join(' ')} {...rest}>
      {icon && <span className="plain-button-icon">{icon}</span>}
      {children}
    </button>
  );
}
