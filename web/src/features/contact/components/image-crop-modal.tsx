import { PHOTO_MIN_CROP_PX } from '@tend/contracts';
import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, convertToPixelCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { useNotify } from '@/components/ui/toast';
import { ApiError, readErrorMessage } from '@/lib/api-client';
import { useUploadContactPhoto } from '../api/upload-contact-photo';
import { CONTACT_MESSAGES } from '../messages';
import { checkPhotoFile, cropImageToPng, PHOTO_ACCEPT, readAsDataUrl } from '../utils/crop-image';
import './image-crop-modal.css';

interface ImageCropModalProps {
  contactId: number;
  contactName: string;
  onClose: () => void;
}

interface LoadedImage {
  /** Minimum crop side on the displayed image that still yields 100 natural pixels. */
  minDisplayPx: number;
}

/**
 * Photo upload (spec: circular crop, square aspect, minimum 100 x 100, Cancel and 'Save Image',
 * PNG out). The chosen file is checked (type, 5 MB) before it is read.
 */
export function ImageCropModal({ contactId, contactName, onClose }: ImageCropModalProps) {
  const upload = useUploadContactPhoto();
  const notify = useNotify();
  const inputId = useId();
  const imageRef = useRef<HTMLImageElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<LoadedImage | null>(null);
  const [crop, setCrop] = useState<PercentCrop | undefined>(undefined);
  const [cropping, setCropping] = useState(false);
  const busy = cropping || upload.isPending;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) {
      notify.error(problem === 'size' ? CONTACT_MESSAGES.photoTooLarge : CONTACT_MESSAGES.photoType);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setLoaded(null);
      setCrop(undefined);
      setSource(dataUrl);
    } catch {
      notify.error(CONTACT_MESSAGES.photoUnreadable);
    }
  };

  const imageLoaded = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight, width, height } = event.currentTarget;
    if (naturalWidth < PHOTO_MIN_CROP_PX || naturalHeight < PHOTO_MIN_CROP_PX) {
      notify.error(CONTACT_MESSAGES.photoTooSmall);
      setSource(null);
      return;
    }
    setLoaded({ minDisplayPx: Math.ceil((PHOTO_MIN_CROP_PX * width) / naturalWidth) });
    // Start with a centred circle across 80% of the shorter side.
    const side = Math.min(width, height) * 0.8;
    setCrop(centerCrop(makeAspectCrop({ unit: '%', width: (side / width) * 100 }, 1, width, height), width, height));
  };

  const save = async () => {
    const image = imageRef.current;
    if (!image || !crop) return;
    const pixels = convertToPixelCrop(crop, image.width, image.height);
    if (pixels.width <= 0 || pixels.height <= 0) return;
    setCropping(true);
    let photo: Blob;
    try {
      photo = await cropImageToPng(image, pixels);
    } catch {
      notify.error(CONTACT_MESSAGES.photoFailed);
      return;
    } finally {
      setCropping(false);
    }
    upload.mutate(
      { id: contactId, photo },
      {
        onSuccess: () => {
          notify.success(CONTACT_MESSAGES.photoSaved);
          onClose();
        },
        onError: (error) => {
          const message =
            error instanceof ApiError && error.status === 413
              ? CONTACT_MESSAGES.photoTooLarge
              : readErrorMessage(error, CONTACT_MESSAGES.photoFailed);
          notify.error(message);
        },
      },
    );
  };

  const hasCrop = !!crop && crop.width > 0 && crop.height > 0;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Update photo"
      description={<p>Choose a photo of {contactName}, then drag the circle to frame their face.</p>}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!hasCrop || !loaded} loading={busy}>
            Save Image
          </Button>
        </>
      }
    >
      <div className="crop">
        <input
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          className="visually-hidden"
          onChange={(event) => void chooseFile(event)}
        />
        {source ? (
          <>
            <ReactCrop
              crop={crop}
              onChange={(_pixels, percent) => setCrop(percent)}
              aspect={1}
              circularCrop
              keepSelection
              minWidth={loaded?.minDisplayPx ?? PHOTO_MIN_CROP_PX}
              minHeight={loaded?.minDisplayPx ?? PHOTO_MIN_CROP_PX}
              className="crop__area"
              ariaLabels={{
                cropArea: 'Photo crop area. Use the arrow keys to move it.',
                nwDragHandle: 'Resize from the top left',
                nDragHandle: 'Resize from the top',
                neDragHandle: 'Resize from the top right',
                eDragHandle: 'Resize from the right',
                seDragHandle: 'Resize from the bottom right',
                sDragHandle: 'Resize from the bottom',
                swDragHandle: 'Resize from the bottom left',
                wDragHandle: 'Resize from the left',
              }}
            >
              <img ref={imageRef} src={source} alt={`Photo of ${contactName} to crop`} onLoad={imageLoaded} />
            </ReactCrop>
            <label htmlFor={inputId} className="btn btn--ghost btn--sm crop__change">
              Choose another image
            </label>
          </>
        ) : (
          <label htmlFor={inputId} className="crop__drop">
            <ImagePlus size={28} aria-hidden="true" />
            <span className="crop__drop-title">Choose an image</span>
            <span className="crop__drop-hint">JPEG, PNG or WebP, up to 5 MB, at least 100 x 100 pixels.</span>
          </label>
        )}
      </div>
    </Modal>
  );
}
