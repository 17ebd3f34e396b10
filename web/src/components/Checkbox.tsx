import { Checkbox as AriaCheckbox } from 'react-aria-components';

interface CheckboxProps {
  children: string;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  name?: string;
  isDisabled?: boolean;
}

export function Checkbox({ children, isSelected, onChange, name, isDisabled }: CheckboxProps) {
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
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
