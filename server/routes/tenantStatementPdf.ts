import type { Ctx } from '../http/router';
import { langOf, serverMessage, type Lang } from '../http/i18n';
import { receiptIssuer } from '../config';
import { billingSettings } from '../domain/billingEngine';
import { roomPlaceOf } from '../domain/tenantPortal';
import type { Tenancy } from '../domain/tenantAuth';
import type { TenantStatement } from '../domain/tenantStatements';
import { statementPdf, type StatementPdfInput } from '../pdf/statementPdf';

/** The statement PDF's labels in a language (`server.tenant.pdf.*` of i18n/tenant/server). */
function labelsOf(lang: Lang): StatementPdfInput['labels'] {
  // The layout fills in %{at}, %{n} and %{total} itself: they are kept as written.
  const t = (key: string) => serverMessage(lang, `tenant.pdf.${key}`, { at: '%{at}', n: '%{n}', total: '%{total}' });
  const kinds = ['recharge', 'void', 'refund', 'gift', 'charge', 'adjust'] as const;
  const channels = ['cash', 'wechat', 'alipay', 'card'] as const;
  return {
    title: t('title'), issuer: t('issuer'), room: t('room'), tenant: t('tenant'), period: t('period'), running: t('running'),
    utility: { electric: t('utility.electric'), water: t('utility.water') },
    opening: t('opening'), recharge: t('recharge'), void: t('void'), charge: t('charge'), refund: t('refund'), gift: t('gift'), adjust: t('adjust'),
    closing: t('closing'), usage: t('usage'), lines: t('lines'), at: t('at'), kind: t('kind'), amount: t('amount'), balanceAfter: t('balanceAfter'),
    kinds: Object.fromEntries(kinds.map((kind) => [kind, t(`kinds.${kind}`)])) as StatementPdfInput['labels']['kinds'],
    channel: Object.fromEntries(channels.map((channel) => [channel, t(`channel.${channel}`)])) as StatementPdfInput['labels']['channel'],
    generatedAt: t('generatedAt'), page: t('page'), noLines: t('noLines'), yuan: t('yuan'),
  };
}

/** 2026-11-29 14:05 in the platform's zone. */
const localTime = (at: Date | string, timeZone: string) => new Intl.DateTimeFormat('sv-SE', {
  timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
}).format(new Date(at));
const localDay = (at: Date, timeZone: string) => localTime(at, timeZone).slice(0, 10);

/** One month's statement of a tenancy as a PDF in the caller's language (server/pdf/statementPdf.ts lays it out). */
export async function statementPdfOf(c: Ctx, tenancy: Tenancy, statement: TenantStatement & { lines: { at: string; utility: 'electric' | 'water'; kind: StatementPdfInput['lines'][number]['kind']; amountFen: number; balanceAfterFen: number; channel: string | null }[] }) {
  const lang = langOf(c);
  const timeZone = billingSettings.timeZone;
  const now = c.get('deps').now();
  const place = await roomPlaceOf(c.get('deps').db, tenancy.roomId);
  const issuer = receiptIssuer();
  // The period's last day: the day before the month's end, or today while it runs.
  const lastDay = statement.running ? localDay(now, timeZone) : localDay(new Date(statement.to.getTime() - 1), timeZone);
  return statementPdf({
    labels: labelsOf(lang),
    issuer: { company: issuer.company, address: issuer.address, phone: issuer.phone },
    platformName: serverMessage(lang, 'tenant.pdf.platform'),
    month: statement.month, running: statement.running,
    periodText: `${localDay(statement.from, timeZone)} – ${lastDay}`,
    room: place.room, project: place.project, tenantName: tenancy.tenantName,
    utilities: statement.utilities.map((u) => ({ ...u })),
    lines: [...statement.lines].reverse().map((line) => ({ ...line, at: localTime(line.at, timeZone) })),
    generatedAt: localTime(now, timeZone),
    createdAt: now,
  });
}
