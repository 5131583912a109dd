/**
 * Reads `npm audit --json` (report version 2): the high and critical advisories behind each
 * vulnerable package, and which of them explained-advisories.ts does not explain.
 */
import { z } from 'zod';
import { EXPLAINED_ADVISORIES } from './explained-advisories';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;

const advisorySchema = z.object({ title: z.string(), url: z.string(), severity: z.enum(SEVERITIES) });
const auditSchema = z.object({
  vulnerabilities: z.record(
    z.string(),
    // `via` names another vulnerable package (a string) or describes an advisory.
    z.object({ name: z.string(), severity: z.enum(SEVERITIES), via: z.array(z.union([z.string(), advisorySchema])) }),
  ),
  metadata: z.object({
    vulnerabilities: z.record(z.string(), z.number()),
    dependencies: z.looseObject({ prod: z.number() }),
  }),
});

export type Finding = { package: string; title: string; url: string; severity: (typeof SEVERITIES)[number] };

export type AuditResult =
  | { performed: false; reason: string }
  | {
      performed: true;
      productionDependencies: number;
      bySeverity: Record<string, number>;
      serious: Finding[];
      unexplained: Finding[];
    };

export function readAudit(
  output: string,
  explained: Readonly<Record<string, string>> = EXPLAINED_ADVISORIES,
): AuditResult {
  let json: unknown;
  try {
    json = JSON.parse(output);
  } catch {
    json = undefined;
  }
  const parsed = auditSchema.safeParse(json);
  // npm's error answers (no network, a mirror without the advisory endpoint) are JSON too, without a report.
  if (!parsed.success) return { performed: false, reason: output.slice(0, 300).replace(/\s+/g, ' ') };
  const { vulnerabilities, metadata } = parsed.data;
  const serious = Object.values(vulnerabilities)
    .flatMap((v) => v.via.flatMap((via) => (typeof via === 'string' ? [] : [{ package: v.name, ...via }])))
    .filter((finding) => finding.severity === 'high' || finding.severity === 'critical');
  return {
    performed: true,
    productionDependencies: metadata.dependencies.prod,
    bySeverity: metadata.vulnerabilities,
    serious,
    unexplained: serious.filter((finding) => explained[finding.url] === undefined),
  };
}
