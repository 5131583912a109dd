/** `q` matched literally by ILIKE: LIKE's wildcards and its escape character lose their meaning. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
