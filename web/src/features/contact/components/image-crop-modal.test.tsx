import { PHOTO_MAX_BYTES } from '@tend/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { ImageCropModal } from './image-crop-modal';

function png(name = 'face.png', size?: number, type = 'image/png'): File {
  const file = new File(['not really a png'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderCrop(routes: Parameters<typeof mockFetch>[0] = {}) {
  const http = mockFetch(routes);
  const onClose = vi.fn();
  renderScreen(<ImageCropModal contactId={5} contactName="Grace Hopper" onClose={onClose} />, {
    path: '/kanban/5',
    user: makeUser(),
  });
  const dialog = screen.getByRole('dialog', { name: 'Update photo' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  return { http, onClose, dialog, input, save: () => within(dialog).getByRole('button', { name: 'Save Image' }) };
}

/** jsdom does not decode images: give the chosen one a size and fire its load event. */
async function loadImage(dialog: HTMLElement, width: number, height: number) {
  const image = await within(dialog).findByRole('img', { name: 'Photo of Grace Hopper to crop' });
  for (const [key, value] of Object.entries({ naturalWidth: width, naturalHeight: height, width, height })) {
    Object.defineProperty(image, key, { configurable: true, value });
  }
  fireEvent.load(image);
  return image;
}

describe('ImageCropModal', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('accepts PNG, JPEG and WebP and keeps Save Image disabled until an image is cropped', () => {
    const { input, save, dialog } = renderCrop();
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    expect(within(dialog).getByText('Choose an image')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('refuses a file over 5 MB before reading it', async () => {
    const user = userEvent.setup();
    const { input, save } = renderCrop();
    await user.upload(input, png('big.png', PHOTO_MAX_BYTES + 1));
    expect(await screen.findByText('Photos must be 5 MB or smaller.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /to crop/ })).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('refuses other image types', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderCrop();
    await user.upload(input, png('anim.gif', 10, 'image/gif'));
    expect(await screen.findByText('Photos must be JPEG, PNG or WebP images.')).toBeInTheDocument();
  });

  it('refuses an image smaller than 100 x 100 pixels', async () => {
    const user = userEvent.setup();
    const { input, dialog, save } = renderCrop();
    await user.upload(input, png());
    await loadImage(dialog, 80, 120);
    expect(await screen.findByText('Choose an image of at least 100 x 100 pixels.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('crops to a square PNG and uploads it as contact[photo] with contact[id]', async () => {
    const user = userEvent.setup();
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
      imageSmoothingQuality: 'low',
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done) {
      done(new Blob(['png-bytes'], { type: 'image/png' }));
    });
    const { http, input, dialog, save, onClose } = renderCrop({
      'PATCH /api/contacts/5': { body: { id: 5 } },
    });
    await user.upload(input, png());
    await loadImage(dialog, 400, 300);
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByText('Photo updated.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();

    // A centred square of 80% of the shorter side: 240 x 240 from (80, 30).
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLImageElement), 80, 30, 240, 240, 0, 0, 240, 240);
    const body = http.callsTo('PATCH', '/api/contacts/5')[0]?.body as FormData;
    expect(body.get('contact[id]')).toBe('5');
    const photo = body.get('contact[photo]') as File;
    expect(photo.type).toBe('image/png');
    expect(photo.name).toBe('photo.png');
  });

  it("shows the server's first error when the upload is refused", async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob(['x'])));
    const { input, dialog, save, onClose } = renderCrop({
      'PATCH /api/contacts/5': { status: 415, body: { errors: ['Photos must be JPEG, PNG or WebP images.'] } },
    });
    await user.upload(input, png());
    await loadImage(dialog, 200, 200);
    await user.click(save());
    expect(await screen.findByText('Photos must be JPEG, PNG or WebP images.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
