import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BYTES_PER_MEGABYTE, FileInput, imageFileProblem } from './file-input.tsx';
import { renderWithIntl, submitEmptyRequiredField } from './test-utils.tsx';

function fileOf(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('imageFileProblem', () => {
  it('takes images within the limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: 100 }, 100)).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('refuses other content types and larger files', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 1 }, 100)).toBe('notImage');
    expect(imageFileProblem({ type: '', size: 1 }, 100)).toBe('notImage');
    expect(imageFileProblem({ type: 'image/jpeg', size: 101 }, 100)).toBe('tooLarge');
  });
});

describe('FileInput', () => {
  let created = 0;
  const revoked: string[] = [];
  beforeEach(() => {
    created = 0;
    revoked.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      created += 1;
      return `blob:preview-${created}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
      revoked.push(url);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const label = 'Profile photo Choose an image';

  it('is a labelled file input that accepts images only and is reachable by keyboard', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<FileInput label="Profile photo" />);
    const input = screen.getByLabelText<HTMLInputElement>(label);
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    await user.tab();
    expect(document.activeElement).toBe(input);
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });

  it('shows the chosen file name and a preview, and reports the file', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(
      <FileInput label="Profile photo" maxSize={BYTES_PER_MEGABYTE} onChange={onChange} />,
    );
    const photo = fileOf('me.png', 'image/png', 2048);
    await user.upload(screen.getByLabelText(label), photo);
    expect(onChange).toHaveBeenCalledWith(photo);
    expect(screen.getByText('me.png')).toBeTruthy();
    const preview = screen.getByRole('img', { name: 'Preview of me.png' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');
    // The picker now offers another image.
    expect(screen.getByLabelText('Profile photo Choose another image')).toBeTruthy();
  });

  it("refuses an oversize image with 'Max file size allowed is X.XX MB'", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(
      <FileInput label="Profile photo" maxSize={1.5 * BYTES_PER_MEGABYTE} onChange={onChange} />,
    );
    const input = screen.getByLabelText<HTMLInputElement>(label);
    await user.upload(input, fileOf('big.jpg', 'image/jpeg', 1.5 * BYTES_PER_MEGABYTE + 1));
    expect(onChange).toHaveBeenCalledWith(null);
    const error = screen.getByText('Max file size allowed is 1.50 MB');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input.getAttribute('aria-describedby') ?? '').split(' ')).toContain(
      error.closest('p')?.id,
    );
    expect(screen.queryByRole('img', { name: /Preview/ })).toBeNull();
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });

  it('formats the size limit in the UI language with two decimals', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<FileInput label="Profilbild" maxSize={2 * BYTES_PER_MEGABYTE} />, {
      locale: 'de',
    });
    await user.upload(
      screen.getByLabelText('Profilbild Bild auswählen'),
      fileOf('big.jpg', 'image/jpeg', 3 * BYTES_PER_MEGABYTE),
    );
    expect(screen.getByText('Die maximal zulässige Dateigröße beträgt 2,00 MB')).toBeTruthy();
  });

  it('refuses a file whose content type is not an image, even if the picker let it through', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    await renderWithIntl(<FileInput label="Profile photo" onChange={onChange} />);
    await user.upload(screen.getByLabelText(label), fileOf('cv.pdf', 'application/pdf', 10));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByText('Please choose an image file.')).toBeTruthy();
  });

  it('clears the error once a good image is chosen', async () => {
    const user = userEvent.setup();
    await renderWithIntl(<FileInput label="Profile photo" maxSize={100} />);
    await user.upload(screen.getByLabelText(label), fileOf('big.png', 'image/png', 101));
    expect(screen.getByText('Max file size allowed is 0.00 MB')).toBeTruthy();
    await user.upload(screen.getByLabelText(label), fileOf('ok.png', 'image/png', 100));
    expect(screen.queryByText(/Max file size/)).toBeNull();
    expect(screen.getByText('ok.png')).toBeTruthy();
  });

  it('removes the choice with the Remove button, freeing the preview and focusing the input', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderWithIntl(<FileInput label="Profile photo" onChange={onChange} />);
    await user.upload(screen.getByLabelText(label), fileOf('me.png', 'image/png', 10));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).toBeNull();
    expect(revoked).toEqual(['blob:preview-1']);
    expect(document.activeElement).toBe(screen.getByLabelText(label));
  });

  it('frees the preview when unmounted', async () => {
    const user = userEvent.setup();
    const view = await renderWithIntl(<FileInput label="Profile photo" />);
    await user.upload(screen.getByLabelText(label), fileOf('me.png', 'image/png', 10));
    view.unmount();
    expect(revoked).toEqual(['blob:preview-1']);
  });

  it('works with react-hook-form through Controller', async () => {
    const { user, submitted, submit } = await submitEmptyRequiredField<File | null>({
      name: 'photo',
      defaultValue: null,
      requiredMessage: 'Add a photo',
      submitLabel: 'Save',
      widget: ({ onChange, onBlur, ref, name }, error) => (
        <FileInput
          label="Profile photo"
          name={name}
          onChange={onChange}
          onBlur={onBlur}
          ref={ref}
          error={error}
        />
      ),
    });
    expect(await screen.findByText('Add a photo')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(label));
    const photo = fileOf('me.png', 'image/png', 10);
    await user.upload(screen.getByLabelText(label), photo);
    await submit();
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ photo }));
  });

  it('shows a form error and a hint', async () => {
    await renderWithIntl(
      <FileInput label="Profile photo" hint="JPEG or PNG" error="A photo is needed" required />,
    );
    const input = screen.getByLabelText(/^Profile photo/);
    const texts = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['JPEG or PNG', 'A photo is needed', 'No file chosen']);
    expect(input.hasAttribute('required')).toBe(true);
  });
});
