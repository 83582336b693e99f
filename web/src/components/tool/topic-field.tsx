import { TextField } from '../field.js';

/** The subject a text tool writes about: required, no browser autocomplete, capped in length. */
export function TopicField(props: { label: string; name: string; value: string; onChange: (value: string) => void; placeholder: string; maxLength: number }) {
  return (
    <TextField
      label={props.label}
      name={props.name}
      required
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.placeholder}
      autoComplete="off"
      maxLength={props.maxLength}
    />
  );
}
