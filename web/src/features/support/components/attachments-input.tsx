import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MEDIA_TYPES,
  MAX_ATTACHMENTS,
} from '@uniquair/contract/support';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { FileInput } from '../../../components/ui/file-input.tsx';
import styles from './support.module.css';

const ACCEPT = ATTACHMENT_MEDIA_TYPES.join(',') as `image/${string}`;

interface Slot {
  readonly key: number;
  readonly file: File | null;
}

/**
 * Images for a message (SPEC §5 file input): one picker per image, each with its preview and
 * Remove, a new picker below the last chosen one, up to {@link MAX_ATTACHMENTS}. A file that is not
 * an image or is over 5 MB is refused beside its picker ('Max file size allowed is 5.00 MB'); the
 * server checks the content again.
 */
export function AttachmentsInput({
  onChange,
  error,
}: {
  /** The chosen images, in order. */
  readonly onChange: (files: File[]) => void;
  /** The server's refusal of the images, shown under the pickers. */
  readonly error?: string | undefined;
}) {
  const intl = useIntl();
  const nextKey = useRef(1);
  const [slots, setSlots] = useState<readonly Slot[]>([{ key: 0, file: null }]);

  const update = (key: number, file: File | null) => {
    let next = slots.map((slot) => (slot.key === key ? { key, file } : slot));
    // An emptied picker goes at the next change, unless it is the one left to choose with; the
    // one just emptied stays, so that a refusal is read beside it.
    next = next.filter((slot) => slot.file !== null || slot.key === key || slot === next.at(-1));
    if (next.at(-1)?.file && next.length < MAX_ATTACHMENTS) {
      next = [...next, { key: nextKey.current++, file: null }];
    }
    setSlots(next);
    onChange(next.flatMap((slot) => (slot.file ? [slot.file] : [])));
  };

  return (
    <div className={styles.attachments}>
      {slots.map((slot, index) => (
        <FileInput
          key={slot.key}
          label={intl.formatMessage(
            { id: 'support.attachments.label' },
            { number: index + 1, max: MAX_ATTACHMENTS },
          )}
          accept={ACCEPT}
          maxSize={ATTACHMENT_MAX_BYTES}
          onChange={(file) => update(slot.key, file)}
        />
      ))}
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
