import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

/** A button named `text` with a click spy, and the user who presses it. */
function renderClickable(state: { loading?: boolean; disabled?: boolean }, text: string) {
  const user = userEvent.setup();
  const onClick = vi.fn();
  render(
    <Button {...state} onClick={onClick}>
      {text}
    </Button>,
  );
  return { user, onClick, button: screen.getByRole('button', { name: text }) };
}

/** Presses a submit button 'Send' of a form; the form's submit spy. */
async function pressSubmit(state: { loading?: boolean }) {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  render(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Button type="submit" {...state}>
        Send
      </Button>
    </form>,
  );
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return onSubmit;
}

describe('Button', () => {
  it('renders a button of type button that acts on click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Search</Button>);
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button.getAttribute('type')).toBe('button');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('can submit a form', async () => {
    const onSubmit = await pressSubmit({});
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it.each(['primary', 'secondary', 'text'] as const)('has the %s variant', (variant) => {
    render(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toContain(variant);
  });

  it.each(['sm', 'md', 'lg'] as const)('has the %s size', (size) => {
    render(<Button size={size}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toContain(size);
  });

  it('names an icon button by its label, also shown as a tooltip', () => {
    render(
      <Button variant="icon" label="Open menu">
        <svg aria-hidden="true" />
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('title')).toBe('Open menu');
    expect(button.className).toContain('icon');
  });

  it('is busy while loading: focusable, marked aria-busy and aria-disabled, ignoring clicks', async () => {
    const { user, onClick, button } = renderClickable({ loading: true }, 'Pay');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await user.click(button);
    button.focus();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form while loading', async () => {
    const onSubmit = await pressSubmit({ loading: true });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is disabled natively', async () => {
    const { user, onClick, button } = renderClickable({ disabled: true }, 'Next');
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders a router link when given `to`, and navigates', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <Button to="/bookings" variant="secondary">
              My bookings
            </Button>
          ),
        },
        { path: '/bookings', element: <p>Bookings page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'My bookings' });
    expect(link.getAttribute('href')).toBe('/bookings');
    expect(link.className).toContain('secondary');
    await user.click(link);
    expect(await screen.findByText('Bookings page')).toBeTruthy();
  });

  it('forwards its ref to the button', () => {
    let node: HTMLButtonElement | null = null;
    render(
      <Button
        ref={(element) => {
          node = element;
        }}
      >
        Ref
      </Button>,
    );
    expect(node).toBe(screen.getByRole('button', { name: 'Ref' }));
  });
});
