import type { ButtonHTMLAttributes } from 'react';
import type { ButtonVariant } from './Button';

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: ButtonVariant;
}

/**
 * A native button in the app's button styles, for what every screen shows before its own code has loaded (the header,
 * the banners, the action messages): it needs none of the pressable library that forms and dialogs bring with them.
 */
export function PlainButton({ variant = 'primary', className, ...props }: PlainButtonProps) {
  return (
    <button
      type="button"
      {...props}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
    />
  );
}
