/** A self-contained, browsable reference page of the OpenAPI document (no external assets). */
export function referencePage(doc: { info: { title: string; version: string }; paths?: Record<string, Record<string, { summary?: string; tags?: string[]; parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content?: Record<string, { schema?: unknown }> } }>> }): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
  const groups = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'other';
      const params = (op.parameters ?? []).map((p) => `<code>${esc(p.name)}</code>${p.required ? '*' : ''}`).join(' ');
      const body = op.requestBody?.content ? Object.keys(op.requestBody.content).map(esc).join(', ') : '';
      const schema = op.requestBody?.content ? JSON.stringify(Object.values(op.requestBody.content)[0]?.schema ?? {}, null, 1) : '';
      const row = `<details><summary><b class="m ${method}">${method.toUpperCase()}</b> <code>${esc(path)}</code> — ${esc(op.summary ?? '')}</summary>
        ${params ? `<p>Query: ${params}</p>` : ''}${body ? `<p>Body (${body}):</p><pre>${esc(schema)}</pre>` : ''}</details>`;
      groups.set(tag, [...(groups.get(tag) ?? []), row]);
    }
  }
  const sections = [...groups].map(([tag, rows]) => `<h2>${esc(tag)}</h2>${rows.join('')}`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(doc.info.title)} ${esc(doc.info.version)}</title>
<style>body{font:14px system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}
summary{cursor:pointer;padding:4px 0}.m{display:inline-block;width:60px}.get{color:#0a7}.post{color:#07c}.put{color:#c70}.delete{color:#c22}
pre{background:#f5f7fa;padding:8px;overflow:auto;font-size:12px}</style></head>
<body><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>Base path <code>/api/v1/electricity</code>; every call but login needs the <code>X-Token</code> header. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${sections}</body></html>`;
}
