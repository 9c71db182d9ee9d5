/**
 * The wiring rules of DESIGN.md ("Wiring rules") as data: arrows only point down. Each rule names
 * the files it binds (`from`), what they must not reach (`to`: a repository path or a package name),
 * and why. `violations` applies them to an import graph (importGraph.ts).
 */
import type { Edge } from './importGraph';

export interface LayerRule {
  name: string;
  from: RegExp;
  to: RegExp;
  why: string;
}

const CONSOLE_CORE = /^src\/(http|auth|data|i18n)\//;

export const LAYER_RULES: LayerRule[] = [
  {
    name: 'the server never imports the console',
    from: /^server\//, to: /^src\//,
    why: 'rules both sides apply live in common/',
  },
  {
    name: 'the console never imports the server',
    from: /^src\//, to: /^server\//,
    why: 'rules both sides apply live in common/; the console reaches the server over HTTP only',
  },
  {
    name: 'the shared rules import only each other',
    from: /^common\//, to: /^(?!common\/)/,
    why: 'common/ is pure TypeScript below both sides: no React, no Hono, no database, no package at all',
  },
  {
    name: 'the messages import neither side',
    from: /^i18n\//, to: /^(src|server)\//,
    why: 'i18n/ is read by the console and by the server alike',
  },
  {
    name: 'the domain knows no HTTP',
    from: /^server\/domain\//, to: /^(server\/(http|routes)\/|server\/app\.ts$|hono$|@hono\/)/,
    why: 'domain services throw domain results (server/domain/results.ts) that server/http/errors.ts maps to statuses',
  },
  {
    name: 'the database layer knows no HTTP',
    from: /^server\/db\//, to: /^(server\/(http|routes|domain)\/|server\/app\.ts$|hono$|@hono\/)/,
    why: 'its helpers (rows, list kit, paging) serve the API, the domain, the seed and the jobs alike',
  },
  {
    name: 'the drivers know no rules and no HTTP',
    from: /^server\/devices\//, to: /^(server\/(domain|http|routes)\/|server\/app\.ts$|hono$|@hono\/)/,
    why: 'the domain calls drivers through the driver interface; they answer with data',
  },
  {
    name: 'the payment providers know no rules and no HTTP routes',
    from: /^server\/payments\//, to: /^(server\/(domain|http|routes|db)\/|server\/app\.ts$|hono$|@hono\/)/,
    why: 'they sign, verify and speak the providers\' protocols and answer with data; settling a payment is the domain\'s',
  },
  {
    name: 'the simulated payment providers know no rules, no database and not the platform\'s routes',
    from: /^server\/paysim\//, to: /^(server\/(domain|http|routes|db)\/|server\/app\.ts$)/,
    why: 'they stand in for WeChat Pay and Alipay: they speak the providers\' protocols over HTTP and share only the pure protocol helpers of server/payments',
  },
  {
    name: 'the console core imports no screen, no layout, no kit and not the route table',
    from: CONSOLE_CORE,
    to: /^src\/(resources|layout|components|pages|preferences|realtime|themes)\/|^src\/(routes|App|appResources|appDataProvider|firstScreen|main)\.tsx?$/,
    why: 'App composes: what the core needs is passed in or read from common/routeCatalog.ts',
  },
  {
    name: 'the kits import no screen, no layout and not the route table',
    from: /^src\/components\//,
    to: /^src\/(resources|layout|pages)\/|^src\/(routes|App|appResources|appDataProvider|firstScreen|main)\.tsx?$/,
    why: 'kits serve every screen; a kit that needs a screen is the screen\'s code',
  },
  {
    name: 'the pay page imports only its own folder, the shared rules, the messages, React and qrcode',
    from: /^src\/pay\//,
    to: /^(?!(src\/pay|common|i18n)\/|(react|react-dom|qrcode)$)/,
    why: 'the tenants\' page (issue 41) is a light entry of its own: none of the console\'s code, no react-admin, no MUI, nothing of the server',
  },
  {
    name: 'the console does not import the pay page',
    from: /^src\/(?!pay\/)/, to: /^src\/pay\//,
    why: 'the two pages are separate builds sharing only common/, i18n/ and React',
  },
  {
    name: 'the shell imports no screen and not the route table',
    from: /^src\/(layout|preferences|realtime|themes)\//,
    to: /^src\/resources\/|^src\/(routes|App|appResources|appDataProvider|firstScreen|main)\.tsx?$/,
    why: 'the shell reads routes from common/routeCatalog.ts and resources from react-admin\'s registry',
  },
];

/** The forbidden arrows of a graph, each with the rule it breaks. */
export function violations(edges: readonly Edge[], rules: readonly LayerRule[] = LAYER_RULES): { rule: LayerRule; edge: Edge }[] {
  return edges.flatMap((edge) => rules.filter((rule) => rule.from.test(edge.from) && rule.to.test(edge.to)).map((rule) => ({ rule, edge })));
}
