/** What an account form says when its call succeeded, under the form, until it is sent again. */
export function DoneStatus({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <p role="status" className="account-done">
      {text}
    </p>
  );
}
