import { Input, Label, SearchField as AriaSearchField } from 'react-aria-components';

interface SearchFieldProps {
  /** Said to a screen reader and shown nowhere: the box's placeholder says the same to a sighted user. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A search box: Escape clears it, and it is announced as a search. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <AriaSearchField className="field search" value={value} onChange={onChange} aria-label="Search">
      <Label className="visually-hidden">{label}</Label>
      <Input className="field__input" placeholder={placeholder} />
    </AriaSearchField>
  );
}
