import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
  options: readonly (string | SelectOption)[];
  value: string;
  onChange(value: string): void;
  name?: string;
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  className?: string;
}

const toOption = (option: string | SelectOption): SelectOption =>
  typeof option === 'string' ? { id: option, label: option } : option;

export function Select({
  label,
  hideLabel,
  options,
  value,
  onChange,
  name,
  error,
  isRequired,
  isDisabled,
  placeholder = 'Select...',
  className,
}: SelectProps) {
  const items = options.map(toOption);
  return (
    <AriaSelect
      className={['field', 'select', className].filter(Boolean).join(' ')}
      value={value === '' ? null : value}
      onChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      {...(name ? { name } : {})}
      placeholder={placeholder}
      isRequired={isRequired ?? false}
      isDisabled={isDisabled ?? false}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </Label>
      <AriaButton className="field__input select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </AriaButton>
      <FieldError className="field__error">{error}</FieldError>
      <Popover className="select__popover">
        <ListBox className="select__list" items={items}>
          {(item) => (
            <ListBoxItem className="select__option" id={item.id} textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
