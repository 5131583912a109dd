/** The catalogue forms' footer: Save (Saving… while the change is on its way) and Cancel. */
export function SaveCancel({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className="catalogue-form__actions">
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
    </div>
  );
}
