/** What the last action did, under a back-office form; announced when it appears. */
export function DoneNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="status" className="admin-done">
      {text}
    </p>
  );
}
