import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'disabled' | 'onClick' | 'type'
> {
  variant?: ButtonVariant;
  className?: string;
  /** What the button does: by mouse, touch, Enter or Space, as a native button does. */
  onPress?: () => void;
  isDisabled?: boolean;
  type?: 'button' | 'submit' | 'reset';
}

/** The app's button: the browser's own, in the app's styles, a plain button unless it submits its form. */
export function Button({
  variant = 'primary',
  className,
  onPress,
  isDisabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      {...props}
      disabled={isDisabled}
      onClick={onPress === undefined ? undefined : () => onPress()}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
    />
  );
}
