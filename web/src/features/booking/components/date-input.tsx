import { LabelledInput, type LabelledInputProps } from '../../../components/ui/text-input.tsx';

export type DateInputProps = Omit<LabelledInputProps, 'type'>;

/**
 * A labelled native date input (`YYYY-MM-DD` value; typed or picked with the browser's own
 * keyboard-operable picker) in the kit's field frame: label, hint and error tied to it.
 */
export function DateInput(props: DateInputProps) {
  return <LabelledInput {...props} type="date" />;
}
