import { TextField, type TextFieldProps } from './TextField';

type NumberFieldProps = Omit<TextFieldProps, 'type' | 'multiline'>;

/**
 * A number input kept as text, so the form can follow the rule "parse to a float, or undefined when
 * empty" and keep exactly what the user typed, including coordinates to six decimals.
 */
export function NumberField({ inputMode = 'decimal', ...props }: NumberFieldProps) {
  return <TextField {...props} type="number" inputMode={inputMode} />;
}
