/** The year-end statement's kind in the mail outbox, by year_end_statements.id (statement-renderer.ts). */
export const STATEMENT_KIND = 'year-end-statement';
