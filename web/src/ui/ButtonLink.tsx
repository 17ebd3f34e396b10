import { Link, type LinkProps } from 'react-router-dom';
import type { ButtonVariant } from './Button';

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A navigation link that looks like a button (calls to action, Edit, Back to Data). */
export function ButtonLink({ variant = 'primary', className, ...props }: ButtonLinkProps) {
  return (
    <Link {...props} className={['button', `button--${variant}`, className].filter(Boolean).join(' ')} />
  );
}
