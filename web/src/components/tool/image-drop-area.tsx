import { FileDropArea } from './file-drop-area.js';
import { isImageFile } from './rules.js';

/** The image upload area the background and object tools share (one look for both). */
export function ImageDropArea(props: { file: File | null; onFile: (file: File) => void; disabled: boolean }) {
  return (
    <FileDropArea
      label="Upload Image"
      accept="image/*"
      prompt="Drop your image here or click to browse"
      hint="Supports JPG, PNG, WebP and other formats"
      isAccepted={isImageFile}
      rejectMessage="Please upload an image file"
      file={props.file}
      onFile={props.onFile}
      showSelectedBadge
      disabled={props.disabled}
    />
  );
}
