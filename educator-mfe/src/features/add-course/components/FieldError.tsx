/** A field's inline message (antd's error colour), tied to the field by `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="ed-field-error" role="alert">
      {message}
    </div>
  );
}
