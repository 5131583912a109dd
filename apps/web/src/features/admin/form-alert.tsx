/** Why the last submit failed, under a form's button; announced when it appears. */
export function FormAlert({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="admin-alert">
      {message}
    </p>
  );
}
