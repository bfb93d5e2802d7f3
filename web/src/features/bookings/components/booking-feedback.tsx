import type { BookingDetail } from '@uniquair/contract/booking';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '@uniquair/contract/booking-manage';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { useSaveFeedback } from '../api/manage-booking.ts';
import styles from './booking-manage.module.css';

const RATINGS = [1, 2, 3, 4, 5] as const;

const LABELS = {
  1: 'manageBooking.feedback.label1',
  2: 'manageBooking.feedback.label2',
  3: 'manageBooking.feedback.label3',
  4: 'manageBooking.feedback.label4',
  5: 'manageBooking.feedback.label5',
} as const;

/**
 * The feedback form of the booking page: a rating of 1 to 5 stars as a radio group, each star
 * count with its words (never the stars alone), and an optional comment. Sending again replaces
 * the feedback; the saved one is shown above the form.
 */
export function BookingFeedbackForm({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  const save = useSaveFeedback(booking.pnr);
  const saved = booking.feedback;
  const [rating, setRating] = useState<number | null>(saved?.rating ?? null);
  const [comment, setComment] = useState(saved?.comment ?? '');
  const [ratingError, setRatingError] = useState(false);
  const [thanked, setThanked] = useState(false);
  const name = useId();
  const commentId = useId();
  const tooLong = comment.trim().length > FEEDBACK_COMMENT_MAX_LENGTH;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setThanked(false);
    if (rating === null) {
      setRatingError(true);
      return;
    }
    if (tooLong) return;
    const trimmed = comment.trim();
    save.mutate(
      { rating, ...(trimmed === '' ? {} : { comment: trimmed }) },
      { onSuccess: () => setThanked(true) },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="booking-feedback">
      <h2 id="booking-feedback">{intl.formatMessage({ id: 'manageBooking.feedback.title' })}</h2>
      {saved ? (
        <p>
          {intl.formatMessage({ id: 'manageBooking.feedback.current' }, { rating: saved.rating })}
        </p>
      ) : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset
          className={styles.stars}
          aria-describedby={ratingError && rating === null ? `${name}-error` : undefined}
        >
          <legend>{intl.formatMessage({ id: 'manageBooking.feedback.rating' })}</legend>
          {RATINGS.map((value) => (
            <label key={value} className={styles.star}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setRatingError(false);
                }}
              />
              <span className={styles.glyphs} aria-hidden="true">
                {'★'.repeat(value)}
                {'☆'.repeat(5 - value)}
              </span>
              <span>
                {intl.formatMessage(
                  { id: 'manageBooking.feedback.option' },
                  { count: value, label: intl.formatMessage({ id: LABELS[value] }) },
                )}
              </span>
            </label>
          ))}
          {ratingError && rating === null ? (
            <p id={`${name}-error`} className={styles.problem}>
              {intl.formatMessage({ id: 'manageBooking.feedback.chooseRating' })}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.textarea}>
          <label htmlFor={commentId}>
            {intl.formatMessage({ id: 'manageBooking.feedback.comment' })}
          </label>
          <textarea
            id={commentId}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${commentId}-error` : undefined}
          />
          {tooLong ? (
            <p id={`${commentId}-error`} className={styles.problem}>
              {intl.formatMessage(
                { id: 'manageBooking.feedback.commentTooLong' },
                { max: FEEDBACK_COMMENT_MAX_LENGTH },
              )}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {intl.formatMessage({
              id: saved ? 'manageBooking.feedback.update' : 'manageBooking.feedback.submit',
            })}
          </Button>
        </div>
      </form>
      <p role="status">
        {thanked ? intl.formatMessage({ id: 'manageBooking.feedback.saved' }) : null}
      </p>
      {save.isError ? (
        <p role="alert" className={styles.problem}>
          {intl.formatMessage({ id: 'manageBooking.feedback.failed' })}
        </p>
      ) : null}
    </section>
  );
}
