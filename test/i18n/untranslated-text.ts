/**
 * Text a donor would see that is not in the message catalogues: a scan of the donor-facing React
 * sources with TypeScript's own parser, for what the extractor cannot see because it was never
 * marked. It finds JSX text with letters in it, a literal with letters in a named attribute a person
 * reads or hears (aria-label, placeholder, title, alt, label), and a literal passed straight to a
 * toast, window.alert or useDocumentTitle. A marked message (`i18n._('…')`, `<Trans id="…">`) is in
 * an expression, never one of these.
 */
import ts from 'typescript';

export type UntranslatedText = { line: number; text: string };

const READ_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'emptyText', 'emptyOption']);
const SHOWN_BY = /^(?:toast(?:\.\w+)?|window\.alert|useDocumentTitle)$/;
const WORDS = /\p{L}{2,}/u;

export function untranslatedText(fileName: string, source: string): UntranslatedText[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: UntranslatedText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression
            : undefined;
      if (literal && WORDS.test(literal.text)) report(node, literal.text);
    }
    if (ts.isCallExpression(node) && SHOWN_BY.test(node.expression.getText(file))) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first)) && WORDS.test(first.getText(file)))
        report(node, first.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
