import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATAR_SIZE_PX, Avatar, initialsOf } from './avatar.tsx';
import { renderWithIntl } from './test-utils.tsx';

describe('initialsOf', () => {
  it.each([
    ['Ana', 'Pop', 'en', 'AP'],
    ['élodie', 'ölz', 'fr', 'ÉÖ'],
    ['Ivan', null, 'ru', 'I'],
    [null, 'Nguyen', 'vi', 'N'],
    ['  maria ', ' da silva', 'es', 'MD'],
    ['हिमांशु', 'शर्मा', 'hi', 'हिश'],
    ['지민', '박', 'ko', '지박'],
    ['', '', 'en', ''],
  ])('%s %s → %s', (first, last, locale, expected) => {
    expect(initialsOf(first, last, locale)).toBe(expected);
  });

  it('upper-cases in the locale (Turkish dotted i stays distinct in tr)', () => {
    expect(initialsOf('irem', 'ilkay', 'tr')).toBe('İİ');
  });
});

describe('Avatar', () => {
  it('shows the picture named after the person', async () => {
    await renderWithIntl(
      <Avatar firstName="Ana" lastName="Pop" src="/avatars/ana.png" size="lg" />,
    );
    const image = screen.getByRole('img', { name: 'Ana Pop' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/avatars/ana.png');
    expect(image.getAttribute('width')).toBe(String(AVATAR_SIZE_PX.lg));
  });

  it('shows the initials when there is no picture', async () => {
    await renderWithIntl(<Avatar firstName="Ana" lastName="Pop" />);
    const avatar = screen.getByRole('img', { name: 'Ana Pop' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('AP');
  });

  it('falls back to the initials when the picture fails to load, and retries a new picture', async () => {
    const view = await renderWithIntl(<Avatar firstName="Ana" lastName="Pop" src="/broken.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ana Pop' }));
    expect(screen.getByRole('img', { name: 'Ana Pop' }).textContent).toBe('AP');
    view.rerender(<Avatar firstName="Ana" lastName="Pop" src="/fixed.png" />);
    expect(screen.getByRole('img', { name: 'Ana Pop' }).getAttribute('src')).toBe('/fixed.png');
  });

  it('shows a generic figure named from the catalogue when nothing is known', async () => {
    await renderWithIntl(<Avatar />);
    const avatar = screen.getByRole('img', { name: 'Profile picture' });
    expect(avatar.querySelector('svg')).not.toBeNull();
  });

  it('names the generic figure in the UI language', async () => {
    await renderWithIntl(<Avatar />, { locale: 'de' });
    expect(screen.getByRole('img', { name: 'Profilbild' })).toBeTruthy();
  });

  it('takes an explicit accessible name', async () => {
    await renderWithIntl(<Avatar firstName="Ana" lastName="Pop" alt="Your profile" />);
    expect(screen.getByRole('img', { name: 'Your profile' }).textContent).toBe('AP');
  });

  it.each(['sm', 'md', 'lg', 'xl'] as const)('has the %s size', async (size) => {
    await renderWithIntl(<Avatar firstName="Ana" size={size} />);
    expect(screen.getByRole('img', { name: 'Ana' }).className).toContain(size);
  });
});
