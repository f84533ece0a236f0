import type { ReactNode } from "react";
import { FieldError } from "./field-error";
import { Label } from "./label";

/** The image types every image upload takes (the server checks the bytes, not this list). */
export const IMAGE_FILE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

export interface ImageFileFieldProps {
  /** The input's id; the hint and error are described by `<id>-hint` and `<id>-error`. */
  id: string;
  /** The form field the file is posted as. */
  name: string;
  label: string;
  hint: string;
  /** The translated error of this field, if any. */
  error?: string | null;
  /** When an image is set: the checkbox that removes it on save. */
  remove?: { name: string; label: string } | null;
  /** Shown beside the picker, e.g. the current avatar. */
  preview?: ReactNode;
}

/**
 * An image upload in a form: the file picker with its hint, the "remove the current image"
 * checkbox when there is one, and the field's error. The form posts it as multipart; the action
 * stores it with `storeImage` (profiles), which checks type and size on the bytes.
 */
export function ImageFileField({
  id,
  name,
  label,
  hint,
  error,
  remove,
  preview,
}: ImageFileFieldProps) {
  const input = (
    <input
      id={id}
      name={name}
      type="file"
      accept={IMAGE_FILE_TYPES}
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
      className="block w-full min-w-0 max-w-full flex-1 text-sm file:me-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-secondary-foreground"
    />
  );
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {preview ? (
        <div className="flex items-center gap-4">
          {preview}
          {input}
        </div>
      ) : (
        input
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {remove ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name={remove.name} /> {remove.label}
        </label>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
