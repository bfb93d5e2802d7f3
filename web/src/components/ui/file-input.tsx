import {
  type ChangeEvent,
  type ComponentPropsWithRef,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { describedBy, Field, useFieldIds } from './field.tsx';
import styles from './file-input.module.css';
import { mergeRefs } from './merge-refs.ts';

/** Bytes in one of the megabytes of the size message (binary megabyte, 1024 × 1024 bytes). */
export const BYTES_PER_MEGABYTE = 1024 * 1024;

/** The MIME types the picker offers: images only. */
export const IMAGE_ACCEPT = 'image/*';

export type FileProblem = 'notImage' | 'tooLarge';

/** Why a chosen file cannot be taken, or null when it can: images only, at most `maxBytes`. */
export function imageFileProblem(
  file: Pick<File, 'type' | 'size'>,
  maxBytes?: number,
): FileProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (maxBytes !== undefined && file.size > maxBytes) return 'tooLarge';
  return null;
}

export interface FileInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'accept' | 'multiple'
> {
  readonly label: string;
  /** The largest file taken, in bytes; a larger one shows 'Max file size allowed is X.XX MB'. */
  readonly maxSize?: number;
  /** The chosen image, or null when the choice was removed or refused. */
  readonly onChange?: (file: File | null) => void;
  /** More specific image types than any image, e.g. `image/png,image/jpeg`. */
  readonly accept?: `image/${string}`;
  readonly hint?: string;
  /** An error from the form; shown instead of the widget's own. */
  readonly error?: string;
}

/**
 * Picks one image: the native file input (keyboard operable, labelled) styled as a button, the
 * chosen file's name and a preview, and a Remove button. A file that is not an image or is
 * larger than `maxSize` is refused with a message, and `onChange(null)` is called.
 */
export function FileInput({
  label,
  maxSize,
  onChange,
  accept = IMAGE_ACCEPT,
  hint,
  error,
  id,
  required,
  disabled,
  ref,
  ...inputProps
}: FileInputProps) {
  const intl = useIntl();
  const ids = useFieldIds(id);
  const fileNameId = useId();
  const buttonTextId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [chosen, setChosen] = useState<{ readonly file: File; readonly url: string } | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const file = chosen?.file ?? null;

  // The preview's object URL lives as long as the choice.
  const previewUrl = chosen?.url ?? null;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const ownError =
    problem === 'tooLarge' && maxSize !== undefined
      ? intl.formatMessage({ id: 'ui.fileInput.maxSize' }, { size: maxSize / BYTES_PER_MEGABYTE })
      : problem === 'notImage'
        ? intl.formatMessage({ id: 'ui.fileInput.notImage' })
        : undefined;
  const shownError = error || ownError;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0] ?? null;
    if (!picked) return; // The dialog was cancelled: keep the current choice.
    const found = imageFileProblem(picked, maxSize);
    setProblem(found);
    if (found) {
      event.currentTarget.value = '';
      setChosen(null);
      onChange?.(null);
      return;
    }
    setChosen({ file: picked, url: URL.createObjectURL(picked) });
    onChange?.(picked);
  };

  const remove = () => {
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.focus();
    }
    setChosen(null);
    setProblem(null);
    onChange?.(null);
  };

  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={shownError}>
      <div className={styles.row}>
        <span className={styles.picker}>
          <input
            {...inputProps}
            ref={mergeRefs(inputRef, ref)}
            id={ids.controlId}
            className={styles.input}
            type="file"
            accept={accept}
            required={required}
            disabled={disabled}
            aria-labelledby={`${ids.labelId} ${buttonTextId}`}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy(ids, { hint, error: shownError }, fileNameId)}
            onChange={handleChange}
          />
          <span id={buttonTextId} className={styles.button} aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path
                fill="currentColor"
                d="M19 5v14H5V5h14Zm0-2H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm-4.86 8.86-3 3.87L9 13.14 6 17h12l-3.86-5.14Z"
              />
            </svg>
            {intl.formatMessage({ id: file ? 'ui.fileInput.change' : 'ui.fileInput.choose' })}
          </span>
        </span>
        <span id={fileNameId} className={styles.fileName}>
          {file ? file.name : intl.formatMessage({ id: 'ui.fileInput.noFile' })}
        </span>
      </div>
      {file && previewUrl ? (
        <div className={styles.preview}>
          <img
            className={styles.image}
            src={previewUrl}
            alt={intl.formatMessage({ id: 'ui.fileInput.preview' }, { fileName: file.name })}
          />
          <button
            type="button"
            className={styles.remove}
            onClick={remove}
            disabled={disabled}
            aria-describedby={fileNameId}
          >
            {intl.formatMessage({ id: 'ui.fileInput.remove' })}
          </button>
        </div>
      ) : null}
    </Field>
  );
}
