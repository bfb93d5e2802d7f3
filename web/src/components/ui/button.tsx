import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'icon';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  readonly size?: ButtonSize;
  /** Stretches the button to the width of its container. */
  readonly fullWidth?: boolean;
  /** An icon before the text (decorative: give it `aria-hidden`). */
  readonly startIcon?: ReactNode;
  /** An icon after the text (decorative: give it `aria-hidden`). */
  readonly endIcon?: ReactNode;
}

/** An icon button shows only its icon (`children`), so it must have a text `label`. */
type VariantProps =
  | {
      readonly variant?: Exclude<ButtonVariant, 'icon'>;
      readonly label?: undefined;
      readonly children: ReactNode;
    }
  | {
      readonly variant: 'icon';
      /** The accessible name, also shown as a tooltip. */
      readonly label: string;
      readonly children: ReactNode;
    };

type NativeButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children'>;

export type ButtonAsButtonProps = ButtonLook &
  VariantProps &
  NativeButtonProps & {
    readonly to?: undefined;
    /**
     * Shows a spinner and marks the button busy. The button stays focusable (`aria-disabled`)
     * but ignores clicks, so keyboard users keep their place.
     */
    readonly loading?: boolean;
  };

export type ButtonAsLinkProps = ButtonLook &
  VariantProps &
  Omit<LinkProps, 'children' | 'to'> & {
    /** Navigates with the router instead of acting: renders a link that looks like a button. */
    readonly to: LinkProps['to'];
    readonly ref?: ComponentPropsWithRef<'a'>['ref'];
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

function classNames(
  variant: ButtonVariant,
  size: ButtonSize,
  fullWidth: boolean,
  extra: string | undefined,
): string {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.fullWidth : null, extra]
    .filter(Boolean)
    .join(' ');
}

function Content({
  startIcon,
  endIcon,
  children,
  loading,
}: {
  readonly startIcon?: ReactNode;
  readonly endIcon?: ReactNode;
  readonly children: ReactNode;
  readonly loading: boolean;
}) {
  return (
    <>
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span className={styles.content} data-hidden={loading || undefined}>
        {startIcon}
        {children}
        {endIcon}
      </span>
    </>
  );
}

/**
 * The app's button, in four variants (primary, secondary, text, icon) and three sizes. With `to`
 * it renders a router link styled as a button, for navigation; otherwise a `<button>` (type
 * `button` unless told otherwise).
 */
export function Button(props: ButtonProps) {
  if (props.to !== undefined) {
    const {
      variant = 'primary',
      size = 'md',
      fullWidth = false,
      startIcon,
      endIcon,
      label,
      children,
      className,
      ...linkProps
    } = props;
    return (
      <Link
        {...linkProps}
        className={classNames(variant, size, fullWidth, className)}
        aria-label={label ?? linkProps['aria-label']}
        title={label ?? linkProps.title}
      >
        <Content startIcon={startIcon} endIcon={endIcon} loading={false}>
          {children}
        </Content>
      </Link>
    );
  }

  const {
    variant = 'primary',
    size = 'md',
    fullWidth = false,
    startIcon,
    endIcon,
    label,
    children,
    className,
    loading = false,
    type = 'button',
    onClick,
    to: _to,
    ...buttonProps
  } = props;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      {...buttonProps}
      type={type}
      className={classNames(variant, size, fullWidth, className)}
      aria-label={label ?? buttonProps['aria-label']}
      title={label ?? buttonProps.title}
      aria-busy={loading || undefined}
      aria-disabled={loading || buttonProps['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      <Content startIcon={startIcon} endIcon={endIcon} loading={loading}>
        {children}
      </Content>
    </button>
  );
}
