import type { RuleProblem } from '../../../common/tariffs';

/**
 * A shared rule's problem (common/tariffs.ts) as react-admin form errors: the field path as the API
 * names it (`segments.2.start`) becomes the nested error object the form shows under that input,
 * with the server's message (`server.<key>`, the same text in the operator's language).
 */
export function formErrors(problems: (RuleProblem | undefined)[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    if (!problem) continue;
    const path = problem.field.split('.');
    let node = errors as Record<string, unknown>;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        if (node[part] === undefined) node[part] = { message: `server.${problem.key}`, args: problem.params ?? {} };
      } else {
        const next = /^\d+$/.test(path[i + 1]) ? [] : {};
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = next;
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return errors;
}
