/** /admin/catalogue: the editor's page (issue 21). Placeholder until the catalogue editor lands. */
export function CatalogueAdminPage() {
  return (
    <section aria-labelledby="catalogue-heading">
      <h2 id="catalogue-heading">Catalogue</h2>
      <p>The catalogue editor is on its way.</p>
    </section>
  );
}
