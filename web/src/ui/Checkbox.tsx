import { Checkbox as AriaCheckbox } from 'react-aria-components';

interface CheckboxProps {
  children: string;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  name?: string;
  isDisabled?: boolean;
  /** Visually hide the label (it still names the box), where a column heading says what it is for. */
  hideLabel?: boolean;
}

export function Checkbox({ children, isSelected, onChange, name, isDisabled, hideLabel }: CheckboxProps) {
  return (
    <AriaCheckbox
      className="checkbox"
      isSelected={isSelected}
      onChange={onChange}
      {...(name ? { name } : {})}
      isDisabled={isDisabled ?? false}
    >
      {({ isSelected: checked }) => (
        <>
          <span className="checkbox__box" aria-hidden="true">
            {checked ? '✓' : ''}
          </span>
          <span {...(hideLabel ? { className: 'visually-hidden' } : {})}>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
